import ArgumentParser
import SpeakKit

/// `speak voices`: the voice presets and the engine's languages; `speak voices preview`.
struct VoicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "voices",
        abstract: "List voices (presets from voices/ and every eSpeak language), or preview one.",
        discussion: """
            Examples:
              speak voices
              speak voices --lang de --json
              speak voices preview alex
            """,
        subcommands: [ListVoices.self, PreviewVoice.self],
        defaultSubcommand: ListVoices.self
    )
}

struct ListVoices: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the voice presets and the speech engine's languages.",
        discussion: """
            A preset is a JSON file in a voices/ directory: $SPEAK_VOICES, \
            ~/.config/speak/voices, <prefix>/share/speak/voices, or the source tree's voices/.

            Examples:
              speak voices
              speak voices --lang de --json
            """
    )

    @Option(help: "Only voices for this language (prefix match: 'en' matches en-us, en-gb, …).")
    var lang: String?

    @Flag(help: "Print the list as JSON: {\"presets\": […], \"languages\": […]}.")
    var json = false

    func run() throws {
        try reportingErrors {
            let list = try openSpeak().voiceList(language: lang)
            if json { try printJSON(list); return }
            if !list.neural.isEmpty {
                var neural = TextTable(headers: ["NEURAL VOICE", "LANGUAGE", "QUALITY", "RATE", "LICENCE", "MODEL"], flexibleColumn: 5)
                neural.rows = list.neural.map { [$0.name, $0.language, $0.quality, "\($0.sampleRate) Hz", $0.licence ?? "see its model card", $0.model] }
                print(neural.render(maxWidth: Terminal.width))
                print("")
            }
            if !list.presets.isEmpty {
                var presets = TextTable(headers: ["PRESET", "NAME", "LANGUAGE", "ESPEAK VOICE", "PITCH", "SPEED"], flexibleColumn: 1)
                presets.rows = list.presets.map { preset in
                    [preset.id, preset.name, preset.language, preset.engineVoice, preset.pitch.map(String.init) ?? "50",
                     String(format: "%g×", preset.speed ?? 1)]
                }
                print(presets.render(maxWidth: Terminal.width))
                print("")
            }
            var table = TextTable(headers: ["VOICE", "NAME", "LANGUAGES"], flexibleColumn: 1)
            table.rows = list.languages.map { [$0.identifier, $0.name, $0.languages.joined(separator: " ")] }
            print(table.render(maxWidth: Terminal.width))
        }
    }
}

struct PreviewVoice: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Hear a voice say a sample sentence.",
        discussion: """
            Plays on the sound server (PulseAudio/PipeWire) or ALSA. Without a sound device, \
            write the sample to a file with -o.

            Examples:
              speak voices preview alex
              speak voices preview en-gb+f3 -o sample.wav
              speak voices preview emma -o - | aplay
            """
    )

    @Argument(help: "A preset id (speak voices) or an eSpeak voice such as en-us or en-gb+f3.")
    var voice: String

    @Option(name: .shortAndLong, help: "Write WAV here instead of playing ('-' for standard output).")
    var output: String?

    @Option(help: "Audio output: 'default', or 'null' to play silently at real time (also SPEAK_AUDIO).")
    var audio: String?

    func run() throws {
        Speak.silenceEngineDiagnostics()
        try reportingErrors {
            try openSpeak().previewVoice(voice, output: output, audio: audio == "default" ? nil : audio)
        }
    }
}
