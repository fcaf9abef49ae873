/// The style sheet and the reader's script, served from memory: no build step, no fonts or
/// scripts from elsewhere, so the pages work offline.
enum Assets {
    struct Asset {
        var type: String
        var text: String
    }

    static func named(_ name: String) -> Asset? {
        switch name {
        case "speak.css": Asset(type: "text/css; charset=utf-8", text: style)
        case "reader.js": Asset(type: "text/javascript; charset=utf-8", text: ReaderScript.source)
        case "import.js": Asset(type: "text/javascript; charset=utf-8", text: ImportPage.script)
        default: nil
        }
    }

    static let style = #"""
    :root { --fg: #1b1b1b; --bg: #fdfcf8; --muted: #5c5c5c; --accent: #0b5cad; --now: #ffe27a; --sentence: #eef3fb;
      --bar: #f1efe8; --size: 1.15rem; color-scheme: light dark; }
    @media (prefers-color-scheme: dark) { :root:not([data-theme=light]) { --fg: #ececec; --bg: #141414; --muted: #b0b0b0;
      --accent: #8ab8ff; --now: #6b5a00; --sentence: #1f2a3a; --bar: #202020; } }
    :root[data-theme=dark] { --fg: #ececec; --bg: #141414; --muted: #b0b0b0; --accent: #8ab8ff; --now: #6b5a00;
      --sentence: #1f2a3a; --bar: #202020; }
    * { box-sizing: border-box; }
    body { margin: 0; font: var(--size)/1.6 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
    a { color: var(--accent); }
    :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
    .skip { position: absolute; left: -999px; }
    .skip:focus { left: 1rem; top: 1rem; background: var(--bg); padding: .5rem; z-index: 10; }
    .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    .bar { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; padding: .5rem 1rem; background: var(--bar); }
    .brand { font-weight: 700; text-decoration: none; }
    .doc-title { flex: 1; min-width: 8rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    main { max-width: 42rem; margin: 0 auto; padding: 1rem 1rem 7rem; }
    .muted { color: var(--muted); }
    table.documents { width: 100%; border-collapse: collapse; font-size: .95rem; }
    table.documents th, table.documents td { text-align: left; padding: .35rem .4rem; border-bottom: 1px solid var(--bar); }
    @media (max-width: 40rem) { table.documents th:nth-child(4), table.documents td:nth-child(4),
      table.documents th:nth-child(5), table.documents td:nth-child(5) { display: none; } }
    button, input, select { font: inherit; color: inherit; background: var(--bg); border: 1px solid var(--muted);
      border-radius: .4rem; padding: .3rem .6rem; min-height: 2.5rem; }
    button { cursor: pointer; }
    .controls { display: flex; flex-wrap: wrap; gap: .5rem; margin-bottom: 1rem; }
    .reader p, .reader h2, .reader h3, .reader h4 { margin: 0 0 .8em; }
    /* Paragraphs off the screen are not laid out until they come near: a window of a long book opens quickly. */
    #text > * { content-visibility: auto; contain-intrinsic-size: auto 4.5em; }
    .reader [data-w] { cursor: pointer; border-radius: .2em; }
    .reader .item { padding-left: 1.2em; }
    .reader .verse { margin: 0; padding-left: 1em; }
    .reader .verse.stanza { margin-top: .8em; }
    .reader .sentence { background: var(--sentence); }
    .reader .now { background: var(--now); }
    .skipped { color: var(--muted); font-size: .85em; margin: 0 0 .8em; }
    .skipped summary { cursor: pointer; }
    .reader .original { display: none; color: var(--muted); font-size: .9em; border-left: .2em solid var(--muted); padding-left: .6em; }
    .reader.with-original .original { display: block; }
    .language, .original-toggle { display: inline-flex; align-items: center; gap: .3em; margin-right: .4rem; }
    .original-toggle input { min-height: 0; width: 1.1em; height: 1.1em; }
    .toc { max-width: 42rem; margin: .5rem auto 0; padding: 0 1rem; }
    .toc .level2 { padding-left: 1em; } .toc .level3, .toc .level4 { padding-left: 2em; }
    .player { position: fixed; bottom: 0; left: 0; right: 0; display: flex; flex-wrap: wrap; justify-content: center;
      align-items: center; gap: .4rem; padding: .5rem; background: var(--bar); }
    .player output { min-width: 3.2rem; text-align: center; }
    .error { color: #b00020; }
    form.inline { display: inline; }
    .player details.more { flex-basis: 100%; text-align: center; }
    .player details.more p { margin: .3rem 0; }
    .links { display: flex; gap: .8rem; }
    a.manage { text-decoration: none; padding: 0 .4rem; }
    .drop { border: 2px dashed var(--muted); border-radius: .6rem; padding: 1rem; text-align: center; }
    .drop.over { border-color: var(--accent); background: var(--sentence); }
    label.button { display: inline-block; border: 1px solid var(--muted); border-radius: .4rem; padding: .4rem .8rem; cursor: pointer; }
    input:focus-visible + label.button, label.button:focus-within { outline: 3px solid var(--accent); }
    textarea { width: 100%; font: inherit; color: inherit; background: var(--bg); }
    #jobs progress { vertical-align: middle; }
    @media (max-width: 30rem) { h1 { font-size: 1.5rem; } .player { gap: .25rem; } .player button { padding: .2rem .45rem; }
      #status { display: none; } }
    @media (prefers-reduced-motion: reduce) { * { scroll-behavior: auto !important; transition: none !important; } }
    """#
}
