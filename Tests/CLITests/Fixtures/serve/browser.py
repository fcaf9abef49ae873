#!/usr/bin/python3
"""Drives the web reader of `speak serve` in Debian's headless Chromium (Selenium, chromedriver)
as a listener would, and prints what it saw as one JSON object:

    browser.py BASE_URL DOCUMENT_ID TAP_WORD SCREENSHOT_DIR [UPLOAD_FILE]

SPEAK_BROWSER=firefox drives Debian's firefox-esr instead (geckodriver at $GECKODRIVER, by
default /usr/local/bin/geckodriver) with a PulseAudio of its own (Debian's pulseaudio) playing
into a null sink; screenshots then end in -firefox.png.

library    the library page lists the document (and is screenshot at 1280 and 360 px)
upload     the link the import page shows after UPLOAD_FILE is chosen in its file input
dropped    the links it shows after two text files are dropped on it together
follow     samples of (word marked on the page, word heard by the audio clock) while playing
tap        the first word heard after tapping word TAP_WORD
speed      the speed shown after three taps on "faster", and the speed the next clip was asked at
skip       the word heard before and after "forward"
saved      the word where playback was paused, and the start word of the reloaded page
language   the block of that word; the Spanish translation's address, block, lang, and whether the
           original shows under its paragraphs before and after its checkbox; the block and word
           back in the original (when Apertium's eng-spa is installed)
mp3        how far the MP3 and the Opus clips' sounds are from where their word times put them,
           against the same clip as WAV, in ms (the MP3 decoder keeps the encoder delay the times
           include; Opus drops its pre-skip)
axe        serious and critical accessibility violations axe-core finds on the library, import
           and reader pages ("rule: nodes"), when /usr/local/share/speak/axe.min.js is installed
"""
import json, os, signal, subprocess, sys, tempfile, time
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.firefox.service import Service as FirefoxService
from selenium.webdriver.common.by import By

base, doc, tap_word, shots = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
upload = sys.argv[5] if len(sys.argv) > 5 else None
# The test runner may start this script with SIGTERM blocked or ignored, which the drivers and
# the sound server would inherit and then never stop when asked.
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
signal.signal(signal.SIGTERM, signal.SIG_DFL)
firefox = os.environ.get("SPEAK_BROWSER") == "firefox"
sound = None
if firefox:
    # Firefox's audio clock runs only with a sound server: a PulseAudio of its own, playing
    # into a null sink, in a private runtime directory (Chromium headless has a fake output).
    runtime = tempfile.mkdtemp(prefix="speak-pulse-")
    os.environ["XDG_RUNTIME_DIR"] = runtime
    sound = subprocess.Popen(["pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1", "--disallow-exit",
                              "--load=module-null-sink sink_name=silent", "--load=module-native-protocol-unix"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    socket_path = os.path.join(runtime, "pulse", "native")
    end = time.time() + 10
    while not os.path.exists(socket_path) and time.time() < end:
        time.sleep(0.05)
    options = webdriver.FirefoxOptions()
    options.binary_location = "/usr/bin/firefox-esr"
    options.add_argument("-headless")
    options.set_preference("media.autoplay.default", 0)  # allowed, as Chromium's flag below
    driver = webdriver.Firefox(service=FirefoxService(os.environ.get("GECKODRIVER", "/usr/local/bin/geckodriver"),
                                                      log_output=os.devnull), options=options)
    driver.set_window_size(1280, 900)
else:
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--autoplay-policy=no-user-gesture-required", "--window-size=1280,900"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
driver.set_script_timeout(30)
out = {}
suffix = "-firefox" if firefox else ""


def wait(condition, timeout=20, step=0.05):
    end = time.time() + timeout
    while time.time() < end:
        value = condition()
        if value:
            return value
        time.sleep(step)
    return None


def heard():
    return driver.execute_script("const h = window.speakReader && speakReader.heard(); return h ? h.word : null;")


def marked():
    return driver.execute_script("const el = document.querySelector('#text .now'); return el ? +el.dataset.w : null;")


AXE = "/usr/local/share/speak/axe.min.js"


def axe(page):
    """Serious and critical violations on the page loaded now."""
    driver.execute_script(open(AXE, encoding="utf-8").read())
    found = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        axe.run(document, {resultTypes: ['violations']}).then((r) => done(r.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', '))));""")
    return [f"{page}: {v}" for v in found]


try:
    out["axe"] = []
    driver.get(base)
    out["library"] = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "table.documents td:first-child a")]
    driver.save_screenshot(f"{shots}/library{suffix}.png")
    driver.set_window_size(360, 740)
    driver.save_screenshot(f"{shots}/library-360{suffix}.png")
    driver.set_window_size(1280, 900)

    if os.path.exists(AXE):
        out["axe"] += axe("library")
        driver.get(f"{base}import")
        driver.save_screenshot(f"{shots}/import{suffix}.png")
        out["axe"] += axe("import")
    if upload:
        driver.get(f"{base}import")
        driver.find_element(By.ID, "files").send_keys(upload)
        link = wait(lambda: driver.find_elements(By.CSS_SELECTOR, "#jobs a"), timeout=30)
        out["upload"] = link[0].text if link else None
        # Two files dropped at once: the drop event a file manager's drag ends with.
        driver.execute_script("""
            const files = new DataTransfer();
            files.items.add(new File(['The Lamp Room\\n\\nThe lamp was trimmed at dusk.\\n'], 'lamp-room.txt', {type: 'text/plain'}));
            files.items.add(new File(['The Fog Bell\\n\\nThe bell rang twice a minute.\\n'], 'fog-bell.txt', {type: 'text/plain'}));
            const drop = document.getElementById('drop');
            drop.dispatchEvent(new DragEvent('dragover', {dataTransfer: files, bubbles: true, cancelable: true}));
            drop.dispatchEvent(new DragEvent('drop', {dataTransfer: files, bubbles: true, cancelable: true}));""")
        links = wait(lambda: (lambda found: found if len(found) >= 3 else None)(driver.find_elements(By.CSS_SELECTOR, "#jobs a")), timeout=30)
        out["dropped"] = sorted(a.text for a in (links or []) if a.text != out["upload"])
    driver.get(f"{base}read/{doc}")
    driver.save_screenshot(f"{shots}/reader{suffix}.png")
    if os.path.exists(AXE):
        out["axe"] += axe("reader")
    driver.find_element(By.ID, "play").click()
    out["started"] = wait(heard) is not None
    samples = []
    for _ in range(12):
        time.sleep(0.25)
        # The page marks the word in the next animation frame: both are read in one script.
        samples.append(driver.execute_script("""
            return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
              const h = speakReader.heard(); const el = document.querySelector('#text .now');
              done([h ? h.word : null, el ? +el.dataset.w : null]);
            })));"""))
    out["follow"] = samples
    driver.save_screenshot(f"{shots}/reader-playing{suffix}.png")
    driver.set_window_size(360, 740)
    driver.save_screenshot(f"{shots}/reader-360{suffix}.png")
    driver.set_window_size(1280, 900)

    target = driver.find_element(By.CSS_SELECTOR, f'[data-w="{tap_word}"]')
    # The tap as the page receives it: a click on the word's own element (a click at screen
    # coordinates can land on another word while the page scrolls to follow the voice).
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].click();", target)
    driver.execute_script("window.firstHeard = null; const t = setInterval(() => { const h = speakReader.heard(); "
                          f"if (h && speakReader.state.clips.length && speakReader.state.clips[0].words[0][0] === {tap_word}) "
                          "{ window.firstHeard = h.word; clearInterval(t); } }, 5);")
    out["tap"] = wait(lambda: driver.execute_script("return window.firstHeard;"))

    for _ in range(3):
        driver.find_element(By.ID, "faster").click()
    out["speed_shown"] = driver.find_element(By.ID, "speed").text
    wait(lambda: driver.execute_script(
        "return performance.getEntriesByType('resource').some((e) => e.name.includes('/clip?') && e.name.includes('speed=1.3'));"))
    out["speed_asked"] = driver.execute_script(
        "return performance.getEntriesByType('resource').filter((e) => e.name.includes('/clip?')).map((e) => e.name).pop();")

    before = wait(heard)
    driver.find_element(By.ID, "forward").click()
    time.sleep(0.1)
    after = wait(lambda: (lambda w: w if w is not None and w != before else None)(heard()))
    out["skip"] = [before, after]

    time.sleep(0.5)
    started = driver.execute_script("return performance.now();")
    driver.find_element(By.ID, "play").click()  # pause: the position is saved
    paused = driver.execute_script("return speakReader.state.word;")
    # Reloaded once the library has the position (a busy machine may take a while).
    wait(lambda: driver.execute_script("return performance.getEntriesByType('resource').some((e) => "
                                       "e.name.includes('/position') && e.startTime >= arguments[0] && e.responseEnd > 0);", started))
    driver.get(f"{base}read/{doc}")
    out["saved"] = [paused, int(driver.find_element(By.ID, "main").get_attribute("data-start"))]
    out["mp3"] = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        (async () => {
          // Where each format's first sound is, less where its first word's time puts it: the
          // median of five clips, as eSpeak's voice differs a little from one synthesis to the next.
          // Decoded at the rate the reader plays at (the sound device's).
          const ctx = new AudioContext(), onsets = {};
          for (const format of ['wav', 'mp3', 'opus']) {
            const found = [];
            for (let trial = 0; trial < 5; trial++) {
              const clip = await (await fetch('/api/documents/""" + doc + """/clip?from=3&words=20&format=' + format)).json();
              const bytes = Uint8Array.from(atob(clip.audio), (c) => c.charCodeAt(0));
              const samples = (await ctx.decodeAudioData(bytes.buffer)).getChannelData(0);
              let first = 0;
              while (first < samples.length && Math.abs(samples[first]) < 0.02) first++;
              found.push(first / ctx.sampleRate - clip.words[0][1]);
            }
            onsets[format] = found.sort((a, b) => a - b)[2];
          }
          done([Math.abs(onsets.mp3 - onsets.wav) * 1000, Math.abs(onsets.opus - onsets.wav) * 1000]);
        })();""")
    # Languages: the saved place's block, in a Spanish translation made from the switch, with
    # the original under each paragraph on request, and back in the original at the same block.
    if driver.find_elements(By.CSS_SELECTOR, '#language option[value="new:es"]'):
        def block():
            return driver.execute_script(
                "const s = +document.getElementById('main').dataset.start; return +Array.from("
                "document.querySelectorAll('#text [data-b][data-first]')).filter((b) => +b.dataset.first <= s).pop().dataset.b;")

        def switch(value):
            driver.execute_script("const s = document.getElementById('language'); s.value = arguments[0]; "
                                  "s.dispatchEvent(new Event('change'));", value)

        def shown():
            return driver.execute_script("const o = document.querySelector('#text .original'); "
                                         "return !!o && getComputedStyle(o).display !== 'none';")

        at = block()
        switch("new:es")
        wait(lambda: "block=" in driver.current_url, timeout=90)
        # The page whole (its style sheet and script too), not only the toggle's element: a
        # slow server (make test-tsan) otherwise shows the original unstyled and loses the click.
        wait(lambda: driver.find_elements(By.ID, "show-original")
             and driver.execute_script("return document.readyState === 'complete' && !!window.speakReader;"))
        translated = driver.current_url
        spanish = [block(), driver.find_element(By.ID, "main").get_attribute("lang"), shown()]
        driver.find_element(By.ID, "show-original").click()
        spanish.append(shown())
        driver.save_screenshot(f"{shots}/reader-translation{suffix}.png")
        if os.path.exists(AXE):
            out["axe"] += axe("translation")
        switch(doc)
        wait(lambda: f"/read/{doc}?block=" in driver.current_url, timeout=30)
        out["language"] = {"from": at, "translation": translated, "spanish": spanish, "back": block(),
                           "back_word": int(driver.find_element(By.ID, "main").get_attribute("data-start"))}
    if not firefox:  # geckodriver has no console log to read
        out["errors"] = [entry["message"] for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
finally:
    driver.quit()
    if sound:
        sound.terminate()
        sound.wait()
print(json.dumps(out))
