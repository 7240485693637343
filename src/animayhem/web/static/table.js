// The table's small client: one WebSocket per page; the server sends the table already drawn for this
// seat, the page swaps it in. Every control carries data-action (an action's text) or data-command.
(function () {
  "use strict";
  var root = document.getElementById("game");
  if (!root) { return; }
  var gid = root.dataset.game;
  var token = root.dataset.token || "";
  var replay = root.dataset.replay === "1";
  var table = document.getElementById("table");
  var message = document.getElementById("message");
  var panel = document.getElementById("card-panel");
  var socket = null;
  var retry = 500;
  var cards = {};

  function say(text, bad) {
    if (!message) { return; }
    message.textContent = text || "";
    message.className = bad ? "message error" : "message";
  }

  function connect() {
    var proto = location.protocol === "https:" ? "wss:" : "ws:";
    var url = proto + "//" + location.host + "/api/games/" + encodeURIComponent(gid) + "/ws?format=html";
    url += "&lang=" + encodeURIComponent(document.documentElement.lang || "en");  // the page's language (web/lang.py)
    if (token) { url += "&token=" + encodeURIComponent(token); }
    socket = new WebSocket(url);
    socket.onopen = function () { retry = 500; root.dataset.connected = "1"; };
    socket.onmessage = function (ev) {
      var msg = JSON.parse(ev.data);
      if (msg.type === "state") {
        table.innerHTML = msg.html;
        var log = table.querySelector(".log");
        if (log) { log.scrollTop = log.scrollHeight; }
        root.dataset.version = String(msg.version);
        root.dataset.over = msg.over ? "1" : "0";
        root.dataset.toMove = msg.to_move === null ? "" : String(msg.to_move);
      } else if (msg.type === "error") {
        say(msg.error, true);
      } else if (msg.type === "saved") {
        say(msg.text, false);
      }
    };
    socket.onclose = function () {
      root.dataset.connected = "0";
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }

  function send(obj) {
    if (!socket || socket.readyState !== 1) { say("not connected: retrying…", true); return; }
    say("");
    socket.send(JSON.stringify(obj));
  }

  function showCard(id) {
    if (!panel) { return; }
    if (cards[id]) { panel.innerHTML = cards[id]; panel.hidden = false; return; }
    fetch("/cards/" + encodeURIComponent(id)).then(function (r) { return r.ok ? r.text() : ""; }).then(function (html) {
      if (!html) { return; }
      cards[id] = html;
      panel.innerHTML = html;
      panel.hidden = false;
    });
  }

  document.addEventListener("click", function (ev) {
    var el = ev.target.closest("[data-action],[data-command],[data-select],[data-card],[data-close-card]");
    if (!el) { return; }
    if (el.dataset.select !== undefined && el.dataset.action === undefined) {
      var picked = el.dataset.select;
      table.querySelectorAll("[data-for]").forEach(function (b) { b.hidden = b.dataset.for !== picked; });
      table.querySelectorAll("[data-select]").forEach(function (c) {
        c.classList.toggle("selected", c.dataset.select === picked);
      });
      if (el.dataset.card) { showCard(el.dataset.card); }
      return;
    }
    if (el.hasAttribute("data-close-card")) { panel.hidden = true; return; }
    if (el.dataset.action !== undefined && !replay) { send({action: el.dataset.action}); return; }
    if (el.dataset.command !== undefined && !replay) {
      if (el.dataset.command === "save") {
        var link = location.origin + "/games/" + gid + "?token=" + token;
        say("The game is saved on the server after every decision. Come back with your seat's link: " + link);
        return;
      }
      send({command: el.dataset.command});
      return;
    }
    if (el.dataset.card) { showCard(el.dataset.card); }
  });
  document.addEventListener("mouseover", function (ev) {
    var el = ev.target.closest("[data-card]");
    if (el && el.dataset.card) { showCard(el.dataset.card); }
  });
  if (!replay) { connect(); }
})();
