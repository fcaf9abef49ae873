import SpeakModel
import Testing
@testable import SpeakSpeech

/// Identifiers said as identifiers (serial and order numbers, handles, hosts of initials),
/// a family name's numeral after a given name, feet on both sides of a dimension, and French
/// names and phrases English borrowed.
@Suite struct IdentifiersAndFrenchNamesTests {
    private func heard(_ text: String) -> String { say(text).split(separator: " ").joined(separator: " ") }

    @Test func serialAndOrderNumbersDigitByDigit() {
        #expect(heard("The serial number is SN-4471-X.") == "The serial number is S N four four seven one X.")
        #expect(heard("Your order number is 48213; order #48213 shipped.")
            == "Your order number is four eight two one three; order number four eight two one three shipped.")
        #expect(heard("Tracking code: 1Z999AA1.") == "Tracking code: one Z nine nine nine A- A- one.")
        #expect(heard("Use code XR-200-B.") == "Use code X R two hundred B.")
        // Quantities, standards and short numbers stay numbers.
        #expect(heard("The case number is 12. See CVE-2016-6313 and issue #4412.")
            == "The case number is 12. See C V E twenty sixteen dash sixty three thirteen and issue number 4412.")
        #expect(heard("The F-150 sold 4471 units.") == "The F one fifty sold 4471 units.")
    }

    @Test func handlesAndHostsOfInitials() {
        #expect(heard("My handle is @jdoe_88; follow @nasa.") == "My handle is at jdoe underscore 88; follow at nasa.")
        #expect(heard("Email info@who.int or see MIT.edu and docs.rs/serde.")
            == "Email info at W H O dot int or see M I T dot E D U and docs dot R S.")
        #expect(heard("Mail adilger@sun.com today.") == "Mail adilger at sun dot com today.")
    }

    @Test func familyNumeralsAndFeet() {
        #expect(heard("Robert Smith III joined; Rocky III and Star Wars III did not.")
            == "Robert Smith the third joined; Rocky three and Star Wars three did not.")
        #expect(heard("Cut a sheet 2' × 4'.") == "Cut a sheet 2 by 4 feet.")
    }

    @Test func frenchNamesAndPhrases() {
        #expect(heard("Saint-Saëns lived in Saint-Tropez; Saint Paul did not.") == "San Sahns lived in San Tropez; Saint Paul did not.")
        #expect(heard("We ate an hors d’œuvre and hors d'oeuvres, not gnocchi.") == "We ate an or derv and or dervs, not noh kee.")
    }
}
