import SpeakModel
import Testing
@testable import SpeakSpeech

/// The fourth blind set's kinds: shorthand of notes and chat, numbers known by their shape, money
/// and units written short, citations with locators, marks of posts, hardware and standards.
@Suite struct ShorthandShapesAndHardwareTests {
    private func heard(_ text: String) -> String { say(text).split(separator: " ").joined(separator: " ") }

    @Test func abbreviationsAndShorthand() {
        #expect(heard("Det. Harris and Maj. Reynolds met Cpl. Diaz; Attn: Human Resources; the avg. wait; Qty: 3 boxes; Acme Mfg. Co. makes it; Yellowstone Nat'l Park; Rte. 9; 2 doz. cookies; results w/in a week (h/t Jane); big s/o!")
            == "Detective Harris and Major Reynolds met Corporal Diaz; Attention: Human Resources; the average wait; Quantity: 3 boxes; Acme Manufacturing Company makes it; Yellowstone National Park; Route 9; 2 dozen cookies; results within a week (hat tip Jane); big shout out!")
        #expect(heard("idk what happened; iirc it closes at nine; afaik it is fixed; fwiw I liked it; see you tmrw; for the nth time; ssh localhost.")
            == "I don't know what happened; if I remember correctly it closes at nine; as far as I know it is fixed; for what it's worth I liked it; see you tomorrow; for the enth time; ssh local host.")
    }

    @Test func numbersByTheirShape() {
        #expect(heard("Call 555-0134 x204 or 555.867.5309; Room 1204; a scale of 1:50,000 and a 1:2:3 mix; 1.200.000 inhabitants; at 1.5x speed; 2,5% inflation; 1/2-price; 100s of fans.")
            == "Call five five five, zero one three four , extension two zero four or five five five, eight six seven, five three zero nine; Room twelve oh four; a scale of one to fifty thousand and a one to two to three mix; one million two hundred thousand inhabitants; at 1.5 times speed; two point five percent inflation; half price; hundreds of fans.")
        #expect(heard("The party fell 2pp; the Fed cut rates by 25 bps.")
            == "The party fell 2 percentage points; the Fed cut rates by 25 basis points.")
        #expect(heard("The modem runs at 9600 bps.")
            == "The modem runs at 9600 bits per second.")
    }

    @Test func moneyAndUnits() {
        #expect(heard("SEK 150, 5 zł, AED 250, Ksh 30,000, Rp 25.000 and ₿0.005 in Bali.")
            == "one hundred fifty Swedish krohnor, five zlotys, two hundred fifty dirhams, thirty thousand Kenyan shillings, twenty five thousand roopeeah and zero point zero zero five bitcoin in Bali.")
        #expect(heard("A meal in Beijing costs about ¥50.")
            == "A meal in Bay jing costs about fifty yuan.")
        #expect(heard("Shares of $AAPL rose; set $HOME first.")
            == "Shares of A- A- P L rose; set H O M E first.")
        #expect(heard("It weighs 112 yds, 800 kJ, 4.2 ly, a 220 Ω resistor, 50 mcg, 60 m2; 10 yrs and 30 pts; Wk 12; 2–3 wks; 6 mos. later.")
            == "It weighs 112 yards, 800 kilojoules, 4.2 light years, a 220 ohm resistor, 50 micrograms, 60 square meters; 10 years and 30 points; Week 12; 2 to 3 weeks; 6 months later.")
    }

    @Test func datesAndFormulas() {
        #expect(heard("It is dated 15-Mar-2026; an 18th c. French desk; Senior Editor, 2019–present; a 1yr warranty; the offer runs 1 Jan–31 Mar.")
            == "It is dated March fifteenth, twenty twenty six; an 18th century French desk; Senior Editor, twenty nineteen to the present; a 1 year warranty; the offer runs January first to March thirty first")
        #expect(heard("Compute dy/dx and π/2; the value ŷ; Let $\\alpha$ be; it grows as xⁿ; Revenue ↑ 12%; see §§ 4–6; when x ≪ 1; send it ℅ John.")
            == "Compute d y d x and pi over 2; the value y hat; Let alpha be; it grows as x to the n; Revenue up 12%; see sections 4 to 6; when x much less than 1; send it care of John.")
    }

    @Test func addressesAndCitations() {
        #expect(heard("Ask on r/AskScience; read medium.com/@jdoe; goo.gl/maps/xyz; tinyurl.com/y7k2; wa.me/15551234567.")
            == "Ask on R slash Ask Science; read medium dot com; goo dot G L; tiny U R L dot com; W A- dot me.")
        #expect(heard("It remains untested (Lee, forthcoming). It is optimal [12, Thm. 3.1]. Selection acts (Darwin [1859] 2009). The tone is set (Grossman, 2019, pp. xi–xii). It is documented.[^1] It was banned.[iv] Keep '[^x]' and [A-Z] as they are.")
            == "It remains untested . It is optimal . Selection acts . The tone is set . It is documented. It was banned. Keep '[^x]' and [A-Z] as they are.")
        #expect(heard("WASHINGTON (AP) — The Senate passed the bill.")
            == "Washington , The Senate passed the bill.")
        #expect(heard("Early history[edit]")
            == "Early history")
    }

    @Test func marksOfPostsAndChat() {
        #expect(heard("[x] Book the venue")
            == "Book the venue")
        #expect(heard("Oh great, another meeting /s")
            == "Oh great, another meeting")
        #expect(heard("Here's what happened (1/3)")
            == "Here's what happened , one of three")
        #expect(heard("1/ Here is my take.")
            == "Here is my take.")
        #expect(heard("Repeat the chorus (x2); C:/Program Files (x86)/Curl; $10 / person; salt &/or pepper.")
            == "Repeat the chorus twice; C:/Program Files (x86)/Curl; ten dollars per person; salt and or pepper.")
        #expect(heard("Love you lots ~Mom")
            == "Love you lots , Mom")
        #expect(heard("That was hilarious xD")
            == "That was hilarious")
        #expect(heard("Love you guys <333")
            == "Love you guys")
        #expect(heard("We shipped it \\o/")
            == "We shipped it")
    }

    @Test func repairedCharactersAndNumerals() {
        #expect(heard("She said â€œhelloâ€ and left. It was 25Â°C outside. ❝Stay hungry.❞ It’ s late. A 5 ㎞ trail; add 1⁄2 cup. Sale ends tonight‼️")
            == "She said “hello” and left. It was 25 degrees Celsius outside. “Stay hungry.” It’s late. A 5 kilometer trail; add one half cup. Sale ends tonight!")
        #expect(heard("The verse is from II Corinthians; an IV drip; his starting XI; Episode I; a Type Ia supernova; Form I-9; a Tesla Model X.")
            == "The verse is from Second Corinthians; an I V drip; his starting eleven; Episode one; a Type one A- supernova; Form I 9; a Tesla Model X.")
    }

    @Test func initialsHyphensAndHardware() {
        #expect(heard("The MRSA ward; the MCAT; the FTSE 100; the VIX; the NICU; PFAS; WIC; IELTS; GAAP; JAMA; UCAS; CRISPR.")
            == "The mersa ward; the em cat; the footsie 100; the vicks; the nick you; pee fass; wick; eye elts; gap; jamma; you kass; crisper.")
        #expect(heard("We need more infor-mation. The GOVERN- MENT fell. The pre-1914 world; the mid-1990s; 10-12-year-olds; dial 9-1-1; a Boeing 737-800; pho·tog·ra·phy; sort it A-Z; the Sino-Soviet split; 20-20 vision; see pp. 104-5; Copyright 2020-2020.")
            == "We need more information. The government fell. The pre nineteen fourteen world; the mid nineteen nineties; ten to twelve year olds; dial nine one one; a Boeing seven thirty seven eight hundred; photography; sort it A- to Z; the Sighno-Soviet split; twenty twenty vision; see pages one hundred four to one hundred five; Copyright 2020-2020.")
        #expect(heard("A List<String>; 802.11ac; H.264 and X.509; an i7-13700K; an RTX 4090; #include <stdio.h>; 1.0.0-beta.2; press PrtSc; RISC-V; ARMv8.")
            == "A List of String; eight oh two dot eleven A- C; H two sixty four and X five oh nine; an I 7 thirteen seven hundred K; an RTX forty ninety; hash include standard I O dot H; one point zero point zero beta two; press print screen; risk five; arm V 8.")
    }
}
