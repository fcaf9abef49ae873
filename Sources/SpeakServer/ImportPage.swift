/// The import page: files (chosen or dropped, several at once), a web page by its address,
/// or pasted text, each imported by the same importers as `speak import`, with progress.
enum ImportPage {
    static func render(folders: [String]) -> String {
        let options = ([""] + folders).map { "<option value=\"\(HTML.escape($0))\">\($0.isEmpty ? "Top level" : HTML.escape($0) + "/")</option>" }
        let body = """
            <header class="bar"><a class="brand" href="/">← speak</a><span class="doc-title">Import</span></header>
            <main id="main"><h1>Import</h1>
            <p><label>Into <select id="folder">\(options.joined())</select></label></p>
            <section aria-labelledby="files-title"><h2 id="files-title">Files</h2>
            <div id="drop" class="drop"><p>Drop files here, or</p>
            <label class="button" for="files">Choose files</label>
            <input id="files" type="file" multiple class="visually-hidden"></div>
            <p class="muted">Text, Markdown, web pages, PDF, EPUB, DOCX, ODT and scanned images (PNG, JPEG, TIFF…).</p></section>
            <section aria-labelledby="url-title"><h2 id="url-title">Web page</h2>
            <form id="url-form"><label for="url">Address</label>
            <input id="url" type="url" required placeholder="https://example.org/article"> <button type="submit">Import</button></form></section>
            <section aria-labelledby="text-title"><h2 id="text-title">Text</h2>
            <form id="text-form"><p><label for="paste-title">Title</label> <input id="paste-title" type="text"></p>
            <p><label for="paste">Text</label><br><textarea id="paste" rows="8" required></textarea></p>
            <button type="submit">Import</button></form></section>
            <section aria-labelledby="jobs-title"><h2 id="jobs-title">Imports</h2><ul id="jobs" aria-live="polite"></ul></section>
            </main>
            """
        return HTML.page(title: "Import", body: body, script: "import.js")
    }

    static let script = #"""
    'use strict';
    (() => {
      const jobs = document.getElementById('jobs');
      const folder = () => document.getElementById('folder').value;
      function row(name) {
        const li = document.createElement('li');
        const label = document.createElement('span');
        label.textContent = name + ' ';
        const bar = document.createElement('progress');
        bar.max = 1; bar.value = 0;
        bar.setAttribute('aria-label', 'Importing ' + name);
        const status = document.createElement('span');
        status.className = 'muted';
        li.append(label, bar, ' ', status);
        jobs.prepend(li);
        return {li, bar, status};
      }
      async function follow(job, view) {
        for (;;) {
          const reply = await fetch('/api/imports/' + job.id);
          if (!reply.ok) { view.status.textContent = 'lost (' + reply.status + ')'; return; }
          const state = await reply.json();
          view.bar.value = state.progress;
          if (state.state === 'done') {
            view.bar.value = 1;
            view.status.innerHTML = '';
            const link = document.createElement('a');
            link.href = '/read/' + state.document;
            link.textContent = state.title + (state.duplicate ? ' (already in the library)' : '');
            view.status.append(link);
            return;
          }
          if (state.state === 'failed') { view.status.textContent = state.error; view.li.classList.add('error'); return; }
          await new Promise((done) => setTimeout(done, 300));
        }
      }
      function upload(file) {
        const view = row(file.name);
        const request = new XMLHttpRequest();
        request.open('POST', '/api/import?name=' + encodeURIComponent(file.name) + '&folder=' + encodeURIComponent(folder()));
        request.upload.onprogress = (event) => { if (event.lengthComputable) view.bar.value = 0.3 * event.loaded / event.total; view.status.textContent = 'uploading'; };
        request.onload = () => {
          if (request.status !== 202) { view.status.textContent = request.responseText || ('the server answered ' + request.status); view.li.classList.add('error'); return; }
          view.status.textContent = 'reading';
          follow(JSON.parse(request.responseText), view);
        };
        request.onerror = () => { view.status.textContent = 'the upload failed'; };
        request.send(file);
      }
      async function post(path, body, name) {
        const view = row(name);
        const reply = await fetch(path, {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)});
        if (reply.status !== 202) { view.status.textContent = await reply.text(); view.li.classList.add('error'); return; }
        follow(await reply.json(), view);
      }
      document.getElementById('files').addEventListener('change', (event) => { for (const f of event.target.files) upload(f); event.target.value = ''; });
      const drop = document.getElementById('drop');
      drop.addEventListener('dragover', (event) => { event.preventDefault(); drop.classList.add('over'); });
      drop.addEventListener('dragleave', () => drop.classList.remove('over'));
      drop.addEventListener('drop', (event) => { event.preventDefault(); drop.classList.remove('over'); for (const f of event.dataTransfer.files) upload(f); });
      document.getElementById('url-form').addEventListener('submit', (event) => {
        event.preventDefault();
        const url = document.getElementById('url').value.trim();
        post('/api/import-url', {url: url, folder: folder()}, url);
      });
      document.getElementById('text-form').addEventListener('submit', (event) => {
        event.preventDefault();
        const title = document.getElementById('paste-title').value.trim();
        post('/api/import-text', {title: title, text: document.getElementById('paste').value, folder: folder()}, title || 'Pasted text');
      });
    })();
    """#
}
