@testable import SpeakImportPDF
import Testing

/// The lines under a title and over it, read by what they say (issue 23).
@Suite struct FrontMatterTests {
    @Test func anInstituteIsAnAffiliationAndANameBeforeAnAddressIsAnAuthor() {
        #expect(FrontMatter.looksLikeAffiliation("Institut für Theoretische Physik, Universität Würzburg"))
        #expect(FrontMatter.looksLikeAffiliation("¹ Department of Maritime History, University of Northport"))
        #expect(FrontMatter.looksLikeAffiliation("keeper@northport.example"))
        #expect(!FrontMatter.looksLikeAffiliation("Martin Thoma E-Mail: info@martin-thoma.de"))
        #expect(!FrontMatter.looksLikeAffiliation("John Smith john@example.org"))
        #expect(!FrontMatter.looksLikeAffiliation("Prof. Dr. Jürgen Müller"))
    }

    /// LaTeX's \\thanks marks a title with the asterisk operator or a star.
    @Test func aTitlesMarkIsNotPartOfIt() {
        #expect(FrontMatter.withoutMarkers("Index Preparation and Processing∗") == "Index Preparation and Processing")
        #expect(FrontMatter.withoutMarkers("Tides and Lamps⋆") == "Tides and Lamps")
        #expect(FrontMatter.withoutMarkers("A. Keeper¹,², B. Lighthouse†") == "A. Keeper, B. Lighthouse")
    }

    @Test func aGenreOverTheTitleIsNoJournal() {
        for genre in ["Vorlesungsskript", "Lecture Notes", "Preprint", "Research Article", "Technical Report No. 12", "Master's Thesis"] {
            #expect(FrontMatter.isGenre(genre), "\(genre)")
        }
        for journal in ["Astronomy & Astrophysics", "Physical Review Letters", "Scientific Reports", "Journal of Coastal Records", "Nature"] {
            #expect(!FrontMatter.isGenre(journal), "\(journal)")
        }
    }
}
