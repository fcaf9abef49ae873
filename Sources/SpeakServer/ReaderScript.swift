/// The reader's script: plays the server's clips one after another with the Web Audio clock,
/// marks the word and sentence heard, starts at any tapped word, and saves the position.
enum ReaderScript {
    static let source = #"""
    'use strict';
    (() => {
      const main = document.getElementById('main');
      const text = document.getElementById('text');
      const id = main.dataset.document;
      const wpm = +main.dataset.wpm || 175;
      const skipStep = +main.dataset.skipStep || 10;
      const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
      // On this machine WAV costs nothing to make; over a network MP3 is a ninth of the size
      // (its encoder delay is in the word times the server sends).
      const format = /^(127\.|localhost$|\[::1\]$)/.test(location.hostname) ? 'wav' : 'mp3';
      const state = {
        word: +main.dataset.start, speed: +main.dataset.speed || 1, playing: false, ctx: null,
        clips: [], generation: 0, marked: null, sentence: [], saved: -1, savedAt: 0, error: null, scrolledAt: 0,
      };
      const $ = (name) => document.getElementById(name);

      // Font size and theme, remembered by this browser.
      const root = document.documentElement;
      const size = +(localStorage.getItem('speak.size') || 1.15);
      root.style.setProperty('--size', size + 'rem');
      if (localStorage.getItem('speak.theme')) root.dataset.theme = localStorage.getItem('speak.theme');
      const resize = (by) => {
        const next = Math.min(2.2, Math.max(0.8, (+(localStorage.getItem('speak.size') || 1.15) + by)));
        localStorage.setItem('speak.size', next.toFixed(2));
        root.style.setProperty('--size', next + 'rem');
      };
      $('smaller').addEventListener('click', () => resize(-0.1));
      $('larger').addEventListener('click', () => resize(0.1));
      $('theme').addEventListener('click', () => {
        const dark = root.dataset.theme ? root.dataset.theme === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
        root.dataset.theme = dark ? 'light' : 'dark';
        localStorage.setItem('speak.theme', root.dataset.theme);
      });

      const wordElement = (i) => text.querySelector('[data-w="' + i + '"]');

      // Blocks arrive a window at a time; more are fetched as the reader or the listener nears an end.
      let loading = null;
      // where: 'after' (the window after the last block shown), 'before', or a word to show the window around.
      async function loadBlocks(where) {
        if (loading) return loading;
        loading = (async () => {
          const query = where === 'after' ? 'from=' + main.dataset.lastBlock : where === 'before' ? 'before=' + main.dataset.firstBlock : 'around=' + where;
          const reply = await fetch('/api/documents/' + id + '/blocks?' + query);
          if (!reply.ok) return;
          const html = await reply.text();
          if (where === 'after') {
            text.insertAdjacentHTML('beforeend', html);
          } else if (where === 'before') {
            const before = document.documentElement.scrollHeight;
            text.insertAdjacentHTML('afterbegin', html);
            window.scrollBy(0, document.documentElement.scrollHeight - before);
          } else {
            text.innerHTML = html;
          }
          const first = text.firstElementChild, last = text.lastElementChild;
          if (first) main.dataset.firstBlock = +first.dataset.b;
          if (last) main.dataset.lastBlock = +last.dataset.b + 1;
          watchEnds();
        })();
        try { await loading; } finally { loading = null; }
      }
      const firstWordShown = () => { const b = text.firstElementChild; return b ? +b.dataset.first : 0; };
      const lastWordShown = () => { const b = text.lastElementChild; return b ? +b.dataset.first + 1 : 0; };
      async function ensureLoaded(word) {
        if (wordElement(word)) return;
        // Next to what is shown: the neighbouring window; further away: the window around it.
        if (word >= lastWordShown() && word - lastWordShown() < 2000 && +main.dataset.lastBlock < +main.dataset.blocks) await loadBlocks('after');
        else if (word < firstWordShown() && firstWordShown() - word < 2000 && +main.dataset.firstBlock > 0) await loadBlocks('before');
        if (!wordElement(word)) await loadBlocks(word);
      }
      const sentinel = new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          if (entry.target === text.lastElementChild && +main.dataset.lastBlock < +main.dataset.blocks) loadBlocks('after');
          else if (entry.target === text.firstElementChild && +main.dataset.firstBlock > 0 && window.scrollY < 400) loadBlocks('before');
        }
      }, {rootMargin: '800px'});
      function watchEnds() {
        sentinel.disconnect();
        if (text.lastElementChild) sentinel.observe(text.lastElementChild);
        if (text.firstElementChild && text.firstElementChild !== text.lastElementChild) sentinel.observe(text.firstElementChild);
      }
      watchEnds();

      // Playback: clips of whole sentences, each scheduled on the audio clock right after the one before.
      const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
      async function fetchClip(from, words) {
        const voice = $('voice').value;
        const reply = await fetch('/api/documents/' + id + '/clip?from=' + from + '&words=' + words + '&speed=' + state.speed.toFixed(1)
          + '&format=' + format + (voice ? '&voice=' + encodeURIComponent(voice) : ''));
        if (!reply.ok) throw new Error('the server answered ' + reply.status);
        const clip = await reply.json();
        const bytes = Uint8Array.from(atob(clip.audio), (c) => c.charCodeAt(0));
        clip.buffer = await state.ctx.decodeAudioData(bytes.buffer);
        return clip;
      }
      function stopAudio() {
        state.generation++;
        for (const clip of state.clips) { try { clip.source.stop(); } catch (e) { /* not started */ } }
        state.clips = [];
      }
      async function play(from) {
        stopAudio();
        const generation = state.generation;
        state.word = from;
        setPlaying(true);
        state.ctx = state.ctx || new AudioContext();
        await state.ctx.resume();
        let next = from, at = 0, count = 0;
        try {
          while (next !== null && next !== undefined && generation === state.generation) {
            // Clips grow: the first is one sentence (one clause for a neural voice, which speaks
            // about ten times slower than eSpeak), so the first sound comes soon; each next one is
            // synthesized while the one before plays.
            const clip = await fetchClip(next, [1, 12][count++] || 60);
            if (generation !== state.generation) return;
            const source = state.ctx.createBufferSource();
            source.buffer = clip.buffer;
            source.connect(state.ctx.destination);
            clip.start = Math.max(state.ctx.currentTime + 0.03, at);
            source.start(clip.start);
            clip.source = source;
            state.clips.push(clip);
            at = clip.start + clip.buffer.duration;
            next = clip.next;
            // One clip ahead of the one playing is enough.
            while (generation === state.generation && at - state.ctx.currentTime > Math.max(4, clip.buffer.duration)) await sleep(200);
          }
          while (generation === state.generation && state.ctx.currentTime < at) await sleep(100);
          if (generation === state.generation && (next === null || next === undefined)) {
            setPlaying(false);
            save(true);
          }
        } catch (error) {
          if (generation !== state.generation) return;
          state.error = String(error);
          $('status').textContent = 'Could not play: ' + error.message;
          setPlaying(false);
        }
      }
      function pause() {
        stopAudio();
        setPlaying(false);
        save(false);
      }
      function setPlaying(playing) {
        state.playing = playing;
        $('play').textContent = playing ? '❚❚' : '▶';
        $('play').setAttribute('aria-label', playing ? 'Pause' : 'Play');
      }

      // The word heard now, from the audio clock.
      function heard() {
        if (!state.ctx) return null;
        const now = state.ctx.currentTime;
        for (const clip of state.clips) {
          const t = now - clip.start;
          if (t < 0 || t >= clip.buffer.duration) continue;
          let found = null, sentence = null;
          for (const w of clip.words) {
            if (w[1] > t) break;
            found = w;
          }
          if (!found) return null;
          for (const s of clip.sentences) if (s <= found[0]) sentence = s;
          const end = clip.sentences.find((s) => s > found[0]);
          return {word: found[0], sentence: sentence, sentenceEnd: end === undefined ? (clip.next ?? found[0] + 1) : end, clip: clip, time: t};
        }
        return null;
      }
      function mark(now) {
        if (state.marked === now.word) return;
        state.marked = now.word;
        state.word = now.word;
        for (const el of text.querySelectorAll('.now')) el.classList.remove('now');
        for (const el of state.sentence) el.classList.remove('sentence');
        state.sentence = [];
        if (now.sentence !== null) {
          for (let i = now.sentence; i < now.sentenceEnd; i++) {
            const el = wordElement(i);
            if (el) { el.classList.add('sentence'); state.sentence.push(el); }
          }
        }
        const el = wordElement(now.word);
        if (el) {
          el.classList.add('now');
          const box = el.getBoundingClientRect();
          // The page follows the voice, unless the reader scrolled away a moment ago (to find a word to tap).
          const following = Date.now() - state.scrolledAt > 5000;
          if (following && (box.top < 60 || box.bottom > innerHeight - 120)) el.scrollIntoView({block: 'center', behavior: reduced ? 'auto' : 'smooth'});
        } else {
          ensureLoaded(now.word);
        }
        $('status').textContent = 'word ' + now.word;
        if (Date.now() - state.savedAt > 1000) save(false, true);
      }
      function frame() {
        if (state.playing) {
          const now = heard();
          if (now) mark(now);
          if ((state.sleepAt && Date.now() >= state.sleepAt) || (state.sleepWord !== undefined && state.word >= state.sleepWord)) {
            state.sleepAt = null; state.sleepWord = undefined; $('sleep').value = '';
            pause();
          }
        }
        requestAnimationFrame(frame);
      }
      requestAnimationFrame(frame);

      // Positions go to the library: every second while playing, on pause, and when the page is hidden or closed.
      // Reports made while playing (every second) may wait a few seconds at the server before reaching the library.
      function save(finished, playing) {
        if (state.saved === state.word && !finished && playing) return;
        state.saved = state.word;
        state.savedAt = Date.now();
        const body = JSON.stringify({word: state.word, speed: +state.speed.toFixed(1), finished: !!finished, playing: !!playing});
        if (document.visibilityState === 'hidden' && navigator.sendBeacon) {
          navigator.sendBeacon('/api/documents/' + id + '/position', new Blob([body], {type: 'text/plain'}));
        } else {
          fetch('/api/documents/' + id + '/position', {method: 'POST', body: body, keepalive: true, headers: {'Content-Type': 'application/json'}});
        }
      }
      for (const kind of ['wheel', 'touchmove']) addEventListener(kind, () => { state.scrolledAt = Date.now(); }, {passive: true});
      addEventListener('keydown', (event) => { if (['PageUp', 'PageDown', 'Home', 'End'].includes(event.key)) state.scrolledAt = Date.now(); });
      document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') save(false); });
      addEventListener('pagehide', () => save(false));

      // Controls, the same keys as the terminal player.
      const blocks = () => Array.from(text.querySelectorAll('[data-first]:not(.skipped)'));
      function paragraph(by) {
        const list = blocks();
        let at = list.findIndex((b) => +b.dataset.first > state.word) - 1;
        if (at < -1) at = list.length - 1;
        const target = list[Math.max(0, Math.min(list.length - 1, at + by))];
        if (target) jump(+target.dataset.first);
      }
      function chapter(by) {
        const starts = Array.from(document.querySelectorAll('.toc [data-word]')).map((a) => +a.dataset.word);
        if (!starts.length) return;
        let at = starts.filter((s) => s <= state.word).length - 1;
        const target = starts[Math.max(0, Math.min(starts.length - 1, at + by))];
        jump(target);
      }
      function skip(seconds) {
        const words = Math.round(seconds * wpm * state.speed / 60);
        jump(Math.max(0, Math.min(+main.dataset.words - 1, state.word + words)));
      }
      function jump(word) {
        state.word = word;
        if (state.playing) play(word);
        else { ensureLoaded(word).then(() => { const el = wordElement(word); if (el) el.scrollIntoView({block: 'center'}); }); save(false); }
      }
      // Sync: this library's positions with the account's other devices; when another device's
      // change holds for this document, listening goes on there.
      $('sync').addEventListener('click', async () => {
        $('status').textContent = 'syncing…';
        // The page's own listening since it opened does not hide where another device went on.
        const place = {document: +id, word: +main.dataset.start, since: +main.dataset.since};
        const reply = await (await fetch('/api/sync-now', {method: 'POST', headers: {'Content-Type': 'application/json'},
                                                           body: JSON.stringify(place)})).json();
        if (!reply.synced) { $('status').textContent = 'Sync failed: ' + reply.message; return; }
        const word = reply.moved[String(id)];
        if (word === undefined) { $('status').textContent = 'Synced'; return; }
        $('status').textContent = 'Synced: going on at word ' + word + ', where another device left it';
        state.word = word;
        state.saved = word;
        if (state.playing) play(word);
        else ensureLoaded(word).then(() => { const el = wordElement(word); if (el) el.scrollIntoView({block: 'center'}); });
      });
      function speed(by) {
        state.speed = Math.round(Math.min(4.5, Math.max(0.5, state.speed + by)) * 10) / 10;
        $('speed').textContent = state.speed.toFixed(1) + '×';
        if (state.playing) play(state.word);
        else save(false);
      }
      $('play').addEventListener('click', () => state.playing ? pause() : play(state.word));
      // The voice, remembered by this browser; a preview says the next few words once.
      // One voice per language: a Spanish translation is not read by the English voice chosen for its original.
      const voiceKey = 'speak.voice.' + (main.lang || 'en').slice(0, 2);
      const savedVoice = localStorage.getItem(voiceKey) || (main.lang.startsWith('en') ? localStorage.getItem('speak.voice') : null);
      if (savedVoice && Array.from($('voice').options).some((o) => o.value === savedVoice)) $('voice').value = savedVoice;
      // The server loads the voice now, so the first tap does not wait for a neural model to load.
      const prepareVoice = () => fetch('/api/voices/prepare?document=' + id + '&voice=' + encodeURIComponent($('voice').value), {method: 'POST'});
      prepareVoice();
      $('voice').addEventListener('change', () => {
        prepareVoice();
        localStorage.setItem(voiceKey, $('voice').value);
        if (state.playing) play(state.word);
      });
      $('preview').addEventListener('click', async () => {
        const wasPlaying = state.playing;
        if (wasPlaying) pause();
        state.ctx = state.ctx || new AudioContext();
        await state.ctx.resume();
        const clip = await fetchClip(state.word, 8);
        const source = state.ctx.createBufferSource();
        source.buffer = clip.buffer;
        source.connect(state.ctx.destination);
        source.start();
      });
      $('sleep').addEventListener('change', () => {
        const value = $('sleep').value;
        state.sleepAt = null; state.sleepWord = undefined;
        if (value === 'chapter') {
          const next = Array.from(document.querySelectorAll('.toc [data-word]')).map((a) => +a.dataset.word).find((s) => s > state.word);
          state.sleepWord = next === undefined ? +main.dataset.words : next;
        } else if (value) {
          state.sleepAt = Date.now() + (+value) * 60000;
        }
      });
      $('back').addEventListener('click', () => skip(-skipStep));
      $('forward').addEventListener('click', () => skip(skipStep));
      $('prev-paragraph').addEventListener('click', () => paragraph(-1));
      $('next-paragraph').addEventListener('click', () => paragraph(1));
      $('slower').addEventListener('click', () => speed(-0.1));
      $('faster').addEventListener('click', () => speed(0.1));
      text.addEventListener('click', (event) => {
        const el = event.target.closest('[data-w]');
        if (el) play(+el.dataset.w);
      });
      document.querySelectorAll('.toc [data-word]').forEach((a) => a.addEventListener('click', (event) => {
        event.preventDefault();
        ensureLoaded(+a.dataset.word).then(() => jump(+a.dataset.word));
      }));
      addEventListener('keydown', (event) => {
        if (event.ctrlKey || event.metaKey || event.altKey) return;
        const target = event.target;
        if (target.closest && target.closest('input, select, textarea, summary')) return;
        if ((event.key === ' ' || event.key === 'Enter') && target.closest && target.closest('button, a')) return;
        const keys = {' ': () => state.playing ? pause() : play(state.word), ArrowLeft: () => skip(-skipStep), ArrowRight: () => skip(skipStep),
          ArrowUp: () => speed(0.1), ArrowDown: () => speed(-0.1), '+': () => speed(0.1), '=': () => speed(0.1), '-': () => speed(-0.1),
          '[': () => paragraph(-1), ']': () => paragraph(1), '<': () => chapter(-1), ',': () => chapter(-1), '>': () => chapter(1), '.': () => chapter(1)};
        const action = keys[event.key];
        if (action) { event.preventDefault(); action(); }
      });

      // Languages: the same block in the original or a translation (made first when it is new);
      // for a translation, its original's paragraphs under its own on request.
      const language = $('language');
      if (language) language.addEventListener('change', async () => {
        const at = text.querySelector('[data-b][data-first]:not(.skipped)');
        const current = Array.from(text.querySelectorAll('[data-b][data-first]')).filter((b) => +b.dataset.first <= state.word).pop() || at;
        const block = current ? +current.dataset.b : 0;
        if (state.playing) pause(); else save(false);
        let target = language.value;
        if (target.startsWith('new:')) {
          $('status').textContent = 'Translating… (a book takes a minute)';
          language.disabled = true;
          const reply = await fetch('/api/documents/' + language.dataset.original + '/translations?to=' + encodeURIComponent(target.slice(4)), {method: 'POST'});
          language.disabled = false;
          if (!reply.ok) { $('status').textContent = 'Translation failed: ' + await reply.text(); language.value = id; return; }
          target = String((await reply.json()).id);
        }
        location.href = '/read/' + target + '?block=' + block;
      });
      const showOriginal = $('show-original');
      if (showOriginal) {
        const apply = () => main.classList.toggle('with-original', showOriginal.checked);
        showOriginal.checked = localStorage.getItem('speak.original') === '1';
        apply();
        showOriginal.addEventListener('change', () => { localStorage.setItem('speak.original', showOriginal.checked ? '1' : '0'); apply(); });
      }

      ensureLoaded(state.word).then(() => { const el = wordElement(state.word); if (el && state.word > 0) el.scrollIntoView({block: 'center'}); });
      // For tests and the curious: the reader's state and the word heard now.
      window.speakReader = {state: state, heard: heard, play: play, pause: pause};
    })();
    """#
}
