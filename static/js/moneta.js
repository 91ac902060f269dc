/* Moneta web UI: the little JavaScript the pages need.
   1. Charts: every <figure class="chart"> carries its chart spec ({type, title, labels, series}) as JSON;
      Chart.js draws it. The same figure holds a data table, so the numbers stay readable without JS.
   2. Chat: the question form streams the answer (server-sent events over a POST) and swaps in the
      server-rendered answer when it is final. Without JS the form posts normally. */
(function () {
  "use strict";
  var PALETTE = ["#0b5cad", "#c2410c", "#1b7a3a", "#7c3aed", "#b3261e", "#0e7490", "#a16207", "#be185d",
                 "#4d7c0f", "#475569"];

  function renderCharts(root) {
    if (typeof Chart === "undefined") return;
    (root || document).querySelectorAll("figure.chart:not([data-ready])").forEach(function (fig) {
      var specEl = fig.querySelector("script[type='application/json']");
      var canvas = fig.querySelector("canvas");
      if (!specEl || !canvas) return;
      fig.setAttribute("data-ready", "1");
      var spec = JSON.parse(specEl.textContent);
      var isPie = spec.type === "pie";
      var datasets = (spec.series || []).map(function (s, i) {
        var colour = PALETTE[i % PALETTE.length];
        return {
          label: s.name, data: s.data,
          backgroundColor: isPie ? spec.labels.map(function (_, j) { return PALETTE[j % PALETTE.length]; }) : colour,
          borderColor: isPie ? "#ffffff" : colour, fill: false, tension: 0.2
        };
      });
      new Chart(canvas, {
        type: spec.type, data: { labels: spec.labels, datasets: datasets },
        options: { responsive: true, maintainAspectRatio: false, animation: false,
                   plugins: { legend: { display: isPie || datasets.length > 1 } } }
      });
    });
  }

  function csrfToken() {
    var m = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
    if (m) return decodeURIComponent(m[1]);
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function appendUserBubble(log, text) {
    var div = document.createElement("div");
    div.className = "msg msg-user";
    var bubble = document.createElement("div");
    bubble.className = "bubble";
    bubble.textContent = text;
    div.appendChild(bubble);
    log.appendChild(div);
  }

  function removeLastAnswer(log) {
    // Regenerate replaces the answer(s) after the last question (a finished, stopped or failed one).
    var users = log.querySelectorAll(".msg-user");
    var lastUser = users.length ? users[users.length - 1] : null;
    var node = lastUser ? lastUser.nextElementSibling : null;
    while (node) {
      var next = node.nextElementSibling;
      if (node.classList.contains("msg-assistant")) node.remove();
      node = next;
    }
  }

  function setupChat(form) {
    if (form.dataset.bound) return;
    form.dataset.bound = "1";
    var log = document.getElementById("chat-log");
    var status = document.getElementById("stream-status");
    var sendButton = form.querySelector("#chat-send") || form.querySelector("button[type=submit]");
    var stopButton = form.querySelector("#chat-stop");
    var regenButton = form.querySelector("#chat-regenerate");
    var controller = null;
    if (stopButton) stopButton.addEventListener("click", function () { if (controller) controller.abort(); });
    form.addEventListener("submit", function (ev) {
      if (!window.fetch || !window.ReadableStream || !window.AbortController) return;  // plain POST fallback
      ev.preventDefault();
      if (controller) return;  // one answer at a time
      var regenerate = !!(ev.submitter && ev.submitter.name === "regenerate");
      // A choice button of a clarifying question (it belongs to this form): sends the choice, not the box.
      var choice = ev.submitter && ev.submitter.name === "choice" ? ev.submitter : null;
      var textarea = form.querySelector("textarea[name=message]");
      var question = textarea.value.trim();
      if (!regenerate && !choice && !question) { textarea.focus(); return; }
      var body = new FormData(form);
      var empty = document.getElementById("chat-empty");
      if (empty) empty.remove();
      if (regenerate) {
        body.set("regenerate", "1");
        removeLastAnswer(log);
      } else if (choice) {
        body.set("choice", choice.value);
        body.set("message", "");
        appendUserBubble(log, choice.textContent.trim());
        log.querySelectorAll(".clarify-choices button").forEach(function (b) { b.disabled = true; });
      } else {
        appendUserBubble(log, question);
        textarea.value = "";
      }
      var live = document.createElement("div");
      live.className = "msg msg-assistant msg-live";
      live.setAttribute("aria-busy", "true");
      live.innerHTML = '<div class="bubble"><p class="streaming"></p></div>';
      log.appendChild(live);
      live.scrollIntoView({ block: "end" });
      var streaming = live.querySelector(".streaming");
      status.textContent = "Moneta is thinking…";
      controller = new AbortController();
      sendButton.disabled = true;
      if (regenButton) regenButton.hidden = true;
      if (stopButton) stopButton.hidden = false;
      var finished = false;
      fetch(form.dataset.streamUrl, { method: "POST", body: body, credentials: "same-origin",
                                      signal: controller.signal,
                                      headers: { "X-CSRFToken": csrfToken(), "Accept": "text/event-stream" } })
        .then(function (resp) {
          if (!resp.ok) throw new Error("The server answered " + resp.status);
          var reader = resp.body.getReader();
          var decoder = new TextDecoder();
          var buffer = "";
          function handle(block) {
            var type = "message", data = "";
            block.split("\n").forEach(function (line) {
              if (line.indexOf("event:") === 0) type = line.slice(6).trim();
              else if (line.indexOf("data:") === 0) data += line.slice(5).trim();
            });
            if (!data) return;
            var payload = JSON.parse(data);
            if (type === "started") {
              var started = form.querySelector("input[name=conversation_id]");
              if (started && payload.conversation_id) started.value = payload.conversation_id;
            } else if (type === "tool_started") {
              status.textContent = "Using " + (payload.label || payload.name) + "…";
            } else if (type === "tool_finished") {
              status.textContent = "Finished " + (payload.label || payload.name) + ".";
            } else if (type === "token") {
              streaming.textContent += payload.text || "";
            } else if (type === "final") {
              finished = true;
              live.outerHTML = payload.html;
              var input = form.querySelector("input[name=conversation_id]");
              if (input && payload.conversation_id) input.value = payload.conversation_id;
              if (payload.conversation_url) history.replaceState(null, "", payload.conversation_url);
              if (payload.conversations_html) {
                var conv = document.getElementById("conversation-list");
                if (conv) conv.outerHTML = payload.conversations_html;
              }
              status.textContent = "Answer ready.";
              var added = log.lastElementChild;
              renderCharts(added);
              if (window.htmx && added) htmx.process(added);
            } else if (type === "error") {
              finished = true;
              streaming.textContent = payload.message;
              streaming.className = "error";
              live.removeAttribute("aria-busy");
              status.textContent = "";
            }
          }
          function pump() {
            return reader.read().then(function (r) {
              if (r.done) { if (buffer.trim()) handle(buffer); return; }
              buffer += decoder.decode(r.value, { stream: true });
              var parts = buffer.split("\n\n");
              buffer = parts.pop();
              parts.forEach(handle);
              return pump();
            });
          }
          return pump();
        })
        .catch(function (err) {
          if (finished) return;
          live.removeAttribute("aria-busy");
          if (err && err.name === "AbortError") {
            // Keep what was written so far, marked as stopped; Regenerate asks again.
            live.classList.add("msg-stopped");
            var note = document.createElement("p");
            note.className = "stopped-note";
            note.textContent = "Stopped — this answer is incomplete.";
            live.querySelector(".bubble").appendChild(note);
            status.textContent = "Stopped.";
            return;
          }
          streaming.textContent = "Moneta could not answer: " + err.message + ". Please try again.";
          streaming.className = "error";
          status.textContent = "";
        })
        .finally(function () {
          controller = null;
          sendButton.disabled = false;
          if (stopButton) stopButton.hidden = true;
          if (regenButton) regenButton.hidden = false;
          textarea.focus();
        });
    });
    // Enter sends, Shift+Enter starts a new line (as in most chat apps).
    var box = form.querySelector("textarea[name=message]");
    box.addEventListener("keydown", function (ev) {
      if (ev.key === "Enter" && !ev.shiftKey && !ev.isComposing) {
        ev.preventDefault();
        if (form.requestSubmit) form.requestSubmit(sendButton); else form.dispatchEvent(new Event("submit", { cancelable: true }));
      }
    });
    // The home page's "Ask" form (a CSRF-checked POST) lands here marked to send straight away. A plain
    // link with ?ask= only fills the box: the user presses Send (a GET link must never run a turn).
    var pending = form.querySelector("textarea[data-autosend]");
    if (pending && pending.value.trim()) {
      pending.removeAttribute("data-autosend");
      if (form.requestSubmit) form.requestSubmit(sendButton); else form.dispatchEvent(new Event("submit", { cancelable: true }));
    }
  }

  function setupChatPage() {
    var log = document.getElementById("chat-log");
    if (!log) return;
    // Open at the latest message (unless the address points at a particular one).
    if (!location.hash && log.querySelector(".msg")) window.scrollTo(0, document.documentElement.scrollHeight);
    // On a phone the conversation list folds away behind its disclosure, so the question box comes first.
    var disclosure = document.getElementById("conv-disclosure");
    if (disclosure && window.matchMedia && window.matchMedia("(max-width: 700px)").matches) disclosure.open = false;
    // "Skip to your question" puts the keyboard in the box.
    document.querySelectorAll("a[data-focus]").forEach(function (link) {
      link.addEventListener("click", function (ev) {
        var target = document.getElementById(link.dataset.focus);
        if (!target) return;
        ev.preventDefault();
        target.focus();
      });
    });
    // Opening a conversation with a reply from the team marks it read (a POST: reading a page never writes).
    var read = document.getElementById("replies-read");
    if (read && window.fetch) {
      fetch(read.action, { method: "POST", body: new FormData(read), credentials: "same-origin",
                           headers: { "X-CSRFToken": csrfToken(), "Accept": "application/json" } })
        .then(function (resp) { if (resp.ok) read.hidden = true; });
    }
  }

  // The site menu on a phone: one "Menu" button instead of three rows of links. The button is a real
  // <button> (Enter/Space open it); Escape closes the open menu and gives the focus back to the button.
  function setupMenu() {
    var header = document.querySelector(".site-header");
    var toggle = document.getElementById("menu-toggle");
    if (!header || !toggle || header.classList.contains("menu-ready")) return;
    toggle.hidden = false;
    header.classList.add("menu-ready");
    function setOpen(open) {
      header.classList.toggle("menu-open", open);
      toggle.setAttribute("aria-expanded", open ? "true" : "false");
    }
    toggle.addEventListener("click", function () {
      var open = toggle.getAttribute("aria-expanded") !== "true";
      setOpen(open);
      if (open) {
        var first = document.querySelector("#site-menu a");
        if (first) first.focus();
      }
    });
    header.addEventListener("keydown", function (ev) {
      if (ev.key === "Escape" && header.classList.contains("menu-open")) {
        setOpen(false);
        toggle.focus();
      }
    });
  }

  function init(root) {
    renderCharts(root);
    (root || document).querySelectorAll("form[data-stream-url]").forEach(setupChat);
  }
  document.addEventListener("DOMContentLoaded", function () { setupMenu(); init(document); setupChatPage(); });
  document.addEventListener("htmx:afterSettle", function (ev) { init(ev.target); });
  // A chart swapped in out of band (e.g. the budget chart after a save) is outside the request's target.
  // (htmx reports the replaced element, so look again over the page: only figures not drawn yet are drawn.)
  document.addEventListener("htmx:oobAfterSwap", function () { setTimeout(function () { renderCharts(document); }, 0); });
  // Upload progress for forms that carry a <progress> element (statement import, document upload).
  // Only a form's own bar: other progress bars (an import's rows, a document's pages) show server-side progress.
  function uploadBar(el) { return el && el.tagName === "FORM" ? el.querySelector("progress") : null; }
  document.addEventListener("htmx:xhr:progress", function (ev) {
    var bar = uploadBar(ev.target);
    if (!bar || !ev.detail.lengthComputable) return;
    bar.hidden = false;
    bar.value = Math.round((ev.detail.loaded / ev.detail.total) * 100);
  });
  document.addEventListener("htmx:afterRequest", function (ev) {
    var bar = uploadBar(ev.target);
    if (bar) bar.hidden = true;
  });
  window.Moneta = { renderCharts: renderCharts };
})();
