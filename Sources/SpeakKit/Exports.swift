@_exported import SpeakModel
@_exported import SpeakPlayer
@_exported import SpeakSpeech
import SpeakAudio
import SpeakConversion
import SpeakESpeak
import SpeakImport
import SpeakIntake
import SpeakImportPDF
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
/// Reading-state filters for listing the library.
public typealias LibraryFilter = SpeakLibrary.LibraryFilter
/// A library folder.
public typealias Folder = SpeakLibrary.Folder
/// What is in the trash.
public typealias TrashContents = SpeakLibrary.TrashContents
/// Where a restored item ended up.
public typealias RestoreOutcome = SpeakLibrary.RestoreOutcome
/// A full-text search hit.
public typealias SearchHit = SpeakLibrary.SearchHit
/// Listening statistics.
public typealias LibraryStats = SpeakLibrary.LibraryStats
/// Folders, positions and sessions carried to another machine.
public typealias LibraryExport = SpeakLibrary.LibraryExport
/// What applying a library export changed.
public typealias TransferOutcome = SpeakLibrary.TransferOutcome
/// What a command-line argument names: a file, standard input, a URL or a library document.
public typealias InputReference = SpeakIntake.InputReference
/// What the user asked for when importing.
public typealias ImportRequest = SpeakIntake.ImportRequest
/// When PDF pages are read by OCR.
public typealias OCRMode = SpeakImport.OCRMode
/// Audio file formats of `speak convert`.
public typealias AudioFormat = SpeakAudio.AudioFormat
/// An audio format and its bit rate.
public typealias EncoderSettings = SpeakAudio.EncoderSettings
/// What a `speak __segments` worker synthesizes: voice, encoder, whether skipped blocks are read.
public typealias SegmentJob = SpeakConversion.SegmentJob
/// What the user asked for when converting a document to audio.
public typealias ConvertRequest = SpeakConversion.ConvertRequest
/// What a conversion produced.
public typealias ConversionSummary = SpeakConversion.ConversionSummary
/// A conversion request that cannot be carried out as asked.
public typealias ConvertRequestError = SpeakConversion.ConvertRequestError
/// A stretch of a document's speech, with when each word is heard in it (the web reader's).
public typealias SpeechClip = SpeakConversion.SpeechClip
/// Audio formats a browser decodes by itself.
public typealias ClipFormat = SpeakConversion.ClipFormat
/// One entry of a document's position history.
public typealias PositionEntry = SpeakLibrary.PositionEntry
/// Why a listening position changed.
public typealias PositionCause = SpeakLibrary.PositionCause
