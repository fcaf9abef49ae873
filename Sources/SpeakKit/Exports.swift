@_exported import SpeakModel
import SpeakESpeak
import SpeakLibrary
import SpeakSynthesis

// The command line talks to SpeakKit only; these are the library types it needs to name.

/// A library entry as listed by `speak ls`.
public typealias DocumentSummary = SpeakLibrary.DocumentSummary
/// Orders for listing the library.
public typealias LibrarySort = SpeakLibrary.LibrarySort
/// Failures of the library store.
public typealias LibraryError = SpeakLibrary.LibraryError
/// A voice of the speech engine.
public typealias Voice = SpeakESpeak.ESpeakVoice
/// Voice, rate, pitch and range for synthesis.
public typealias VoiceSettings = SpeakSynthesis.VoiceSettings
