import ArgumentParser
import SpeakKit

@main
struct SpeakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "speak",
        abstract: "Turn articles, PDFs, text and scans into speech — a reading engine for the terminal.",
        discussion: """
            Examples:
              speak import notes.txt chapter*.txt
              cat draft.txt | speak import - --title "Draft"
              speak ls
              speak show 3
              speak text 3
              speak play 3
              speak mkdir Papers && speak mv 3 Papers
              speak search "gradient descent"

            The library lives in $SPEAK_HOME (default: $XDG_DATA_HOME/speak or ~/.local/share/speak).
            """,
        version: "speak \(SpeakVersion.current)",
        subcommands: [ImportCommand.self, ListCommand.self, ShowCommand.self, TextCommand.self, SearchCommand.self,
                      MakeFolderCommand.self, MoveCommand.self, RenameCommand.self, RemoveCommand.self, TrashCommand.self,
                      RestoreCommand.self, PurgeCommand.self, ChaptersCommand.self, HistoryCommand.self, TranslateCommand.self, BookmarksCommand.self, NotesCommand.self, AccountCommand.self, SyncCommand.self, UploadCommand.self, DownloadCommand.self, AddCommand.self, RecentCommand.self,
                      StatsCommand.self, LibraryCommand.self, PlayCommand.self, ContinueCommand.self, StatusCommand.self, PauseCommand.self, ResumeCommand.self, StopCommand.self, ConvertCommand.self, QueueCommand.self, WorkerCommand.self, VoicesCommand.self, CacheCommand.self, SlicesCommand.self, SegmentsCommand.self,
                      EngineCommand.self, LexiconCommand.self, SetCommand.self, ServeCommand.self]
    )

    /// Parses and runs the command line, after catching a mistyped command name (which the
    /// parser would only call "unexpected arguments").
    static func main() {
        if let problem = CommandSuggestion.problem(arguments: Array(CommandLine.arguments.dropFirst()), command: Self.self) {
            Terminal.error(problem)
            Self.exit(withError: ExitCode(ExitStatus.usage.rawValue))
        }
        main(nil)
    }
}
