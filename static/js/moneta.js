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

  function setupChat(form) {
    if (form.dataset.bound) return;
    form.dataset.bound = "1";
    var log = document.getElementById("chat-log");
    var status = document.getElementById("stream-status");
    form.addEventListener("submit", function (ev) {
      if (!window.fetch || !window.ReadableStream) return;  // plain POST fallback
      ev.preventDefault();
      var textarea = form.querySelector("textarea[name=message]");
      var question = textarea.value.trim();
      if (!question) { textarea.focus(); return; }
      var button = form.querySelector("button[type=submit]");
      button.disabled = true;
      var empty = document.getElementById("chat-empty");
      if (empty) empty.remove();
      appendUserBubble(log, question);
      var live = document.createElement("div");
      live.className = "msg msg-assistant";
      live.innerHTML = '<div class="bubble"><p class="streaming"></p></div>';
      log.appendChild(live);
      var streaming = live.querySelector(".streaming");
      status.textContent = "Moneta is thinking…";
      var body = new FormData(form);
      textarea.value = "";
      fetch(form.dataset.streamUrl, { method: "POST", body: body, credentials: "same-origin",
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
            if (type === "tool_started") {
              status.textContent = "Using " + (payload.label || payload.name) + "…";
            } else if (type === "tool_finished") {
              status.textContent = "Finished " + (payload.label || payload.name) + ".";
            } else if (type === "token") {
              streaming.textContent += payload.text || "";
            } else if (type === "final") {
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
              streaming.textContent = payload.message;
              streaming.className = "error";
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
          streaming.textContent = "Moneta could not answer: " + err.message + ". Please try again.";
          streaming.className = "error";
          status.textContent = "";
        })
        .finally(function () { button.disabled = false; textarea.focus(); });
    });
    // Enter sends, Shift+Enter starts a new line (as in most chat apps).
    var box = form.querySelector("textarea[name=message]");
    box.addEventListener("keydown", function (ev) {
      if (ev.key === "Enter" && !ev.shiftKey && !ev.isComposing) {
        ev.preventDefault();
        if (form.requestSubmit) form.requestSubmit(); else form.dispatchEvent(new Event("submit", { cancelable: true }));
      }
    });
    // The home page's "Ask" form (a CSRF-checked POST) lands here marked to send straight away. A plain
    // link with ?ask= only fills the box: the user presses Send (a GET link must never run a turn).
    var pending = form.querySelector("textarea[data-autosend]");
    if (pending && pending.value.trim()) {
      pending.removeAttribute("data-autosend");
      if (form.requestSubmit) form.requestSubmit(); else form.dispatchEvent(new Event("submit", { cancelable: true }));
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
  document.addEventListener("DOMContentLoaded", function () { setupMenu(); init(document); });
  document.addEventListener("htmx:afterSettle", function (ev) { init(ev.target); });
  // A chart swapped in out of band (e.g. the budget chart after a save) is outside the request's target.
  // (htmx reports the replaced element, so look again over the page: only figures not drawn yet are drawn.)
  document.addEventListener("htmx:oobAfterSwap", function () { setTimeout(function () { renderCharts(document); }, 0); });
  // Upload progress for forms that carry a <progress> element (statement import, document upload).
  document.addEventListener("htmx:xhr:progress", function (ev) {
    var bar = ev.target.querySelector && ev.target.querySelector("progress");
    if (!bar || !ev.detail.lengthComputable) return;
    bar.hidden = false;
    bar.value = Math.round((ev.detail.loaded / ev.detail.total) * 100);
  });
  document.addEventListener("htmx:afterRequest", function (ev) {
    var bar = ev.target.querySelector && ev.target.querySelector("progress");
    if (bar) bar.hidden = true;
  });
  window.Moneta = { renderCharts: renderCharts };
})();
