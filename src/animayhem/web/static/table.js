// The table's small client: one WebSocket per page; the server sends the table already drawn for this
// seat, the page swaps it in. Every control carries data-action (an action's text) or data-command.
// Acting by pointing: pick a Character (or a card in hand), then a cell or a target; the two clicks are
// matched against the legal actions the server sent (that list stays the truth). When no legal action
// matches, the server is asked why ({"command": "why"}) and the engine's reason is shown with its rule ids.
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
  var status = document.getElementById("connection");
  var socket = null;
  var retry = 500;
  var cards = {};
  var legal = [];      // the legal actions of this seat, as the server sent them
  var picked = null;   // the card picked first: "cN"
  var group = [];      // the Characters picked to move together (the picked one first)
  var pickedCell = null;
  var hover = window.matchMedia && window.matchMedia("(hover: hover)").matches;

  function say(text, bad) {
    if (!message) { return; }
    message.textContent = text || "";
    message.className = bad ? "message error" : "message";
  }

  function connected(yes) {
    root.dataset.connected = yes ? "1" : "0";
    if (status) {
      status.hidden = yes;
      status.textContent = yes ? "" : "Disconnected from the server: reconnecting…";
    }
  }

  function connect() {
    var proto = location.protocol === "https:" ? "wss:" : "ws:";
    var url = proto + "//" + location.host + "/api/games/" + encodeURIComponent(gid) + "/ws?format=html";
    url += "&lang=" + encodeURIComponent(document.documentElement.lang || "en");  // the page's language (web/lang.py)
    if (token) { url += "&token=" + encodeURIComponent(token); }
    socket = new WebSocket(url);
    socket.onopen = function () { retry = 500; connected(true); };
    socket.onmessage = function (ev) {
      var msg = JSON.parse(ev.data);
      if (msg.type === "state") {
        table.innerHTML = msg.html;
        legal = msg.actions || [];
        picked = null;
        var log = table.querySelector(".log");
        if (log) { log.scrollTop = log.scrollHeight; }
        root.dataset.version = String(msg.version);
        root.dataset.over = msg.over ? "1" : "0";
        root.dataset.toMove = msg.to_move === null ? "" : String(msg.to_move);
      } else if (msg.type === "error") {
        say(msg.error, true);
      } else if (msg.type === "why") {
        say(msg.text, true);
        if (message) { message.classList.add("why"); }
      } else if (msg.type === "saved") {
        say(msg.text, false);
      }
    };
    socket.onclose = function () {
      connected(false);
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }

  function send(obj) {
    if (!socket || socket.readyState !== 1) { say("Not connected: retrying…", true); return; }
    say("");
    socket.send(JSON.stringify(obj));
  }

  function showCard(id) {
    if (!panel) { return; }
    if (cards[id]) { panel.innerHTML = cards[id]; panel.hidden = false; return; }
    fetch("/cards/" + encodeURIComponent(id)).then(function (r) { return r.ok ? r.text() : ""; }).then(function (html) {
      if (!html) { return; }
      var doc = new DOMParser().parseFromString(html, "text/html");
      var frame = doc.querySelector(".card-frame");
      if (!frame) { return; }
      cards[id] = frame.outerHTML;
      panel.innerHTML = cards[id];
      panel.hidden = false;
    });
  }

  // ---------------------------------------------------------------- pointing

  function cardsOf(action) {  // "move c3+c5 1,0" -> [["c3", "c5"], ["1,0"]]: the words after the verb
    return action.split(" ").slice(1).map(function (w) { return w.split("+"); });
  }

  function labelOf(action) {
    var b = table.querySelector('button[data-action="' + CSS.escape(action) + '"]');
    return b ? b.textContent : action;
  }

  function offer(actions, question) {  // several legal actions fit the two clicks: let the player choose
    if (!message) { return; }
    say(question);
    actions.forEach(function (a) {
      var b = document.createElement("button");
      b.type = "button";
      b.dataset.action = a;
      b.className = "offer";
      b.textContent = labelOf(a);
      message.appendChild(b);
    });
  }

  function sameSet(a, b) {
    return a.length === b.length && a.every(function (x) { return b.indexOf(x) >= 0; });
  }

  function join(uid) {  // another Character where the picked one stands: they move as a group
    group.push(uid);
    table.querySelectorAll("[data-uid]").forEach(function (c) {
      c.classList.toggle("selected", group.indexOf(c.dataset.uid) >= 0);
    });
    table.querySelectorAll("[data-cell]").forEach(function (c) {
      c.classList.toggle("reachable", legal.some(function (a) {
        var w = cardsOf(a);
        return w.length === 2 && sameSet(w[0], group) && w[1][0] === c.dataset.cell;
      }));
    });
    say("Moving together: " + group.length + " Characters. Now click a cell.");
  }

  function pick(uid, cellEl) {
    picked = uid;
    group = uid ? [uid] : [];
    pickedCell = uid && cellEl ? cellEl.dataset.cell : null;
    table.querySelectorAll("[data-for]").forEach(function (b) {
      b.hidden = !uid || b.dataset.for.split(" ").indexOf(uid) < 0;
    });
    table.querySelectorAll("[data-uid]").forEach(function (c) {
      c.classList.toggle("selected", !!uid && c.dataset.uid === uid);
    });
    var reach = {};
    legal.forEach(function (a) {
      var w = cardsOf(a);
      if (uid && w.length === 2 && w[0].length === 1 && w[0][0] === uid) { reach[w[1][0]] = true; }
    });
    table.querySelectorAll("[data-cell]").forEach(function (c) {
      c.classList.toggle("reachable", !!reach[c.dataset.cell]);
    });
    table.querySelectorAll("[data-uid]").forEach(function (c) {
      c.classList.toggle("target", !!uid && legal.some(function (a) {
        var w = cardsOf(a);
        return w.length >= 2 && w[0].indexOf(uid) === 0 && w[1].indexOf(c.dataset.uid) >= 0;
      }));
    });
    if (uid) {
      var own = legal.filter(function (a) { var w = cardsOf(a); return w.length === 1 && w[0][0] === uid; });
      if (own.length) { offer(own, "Or with this card alone:"); } else { say(""); }
    }
  }

  function pointCell(cell) {  // the picked Character (or group) goes to this cell
    var exact = legal.filter(function (a) {
      var w = cardsOf(a);
      return w.length === 2 && sameSet(w[0], group) && w[1][0] === cell;
    });
    if (exact.length === 1) { send({action: exact[0]}); return; }
    var withOthers = legal.filter(function (a) {
      var w = cardsOf(a);
      return w.length === 2 && group.every(function (u) { return w[0].indexOf(u) >= 0; }) && w[1][0] === cell;
    });
    if (withOthers.length) { offer(withOthers, "Which move?"); return; }
    send({command: "why", about: "move " + group.join("+") + " " + cell});
  }

  function pointCard(uid) {  // the picked card on this target ("flash c10 c0", "give c81 c3", "charm c40 c3")
    var fits = legal.filter(function (a) {
      var w = cardsOf(a);
      return w.length >= 2 && w[0].indexOf(picked) === 0 && w[1].indexOf(uid) >= 0;
    });
    if (fits.length === 1) { send({action: fits[0]}); return true; }
    if (fits.length > 1) { offer(fits, "Which one?"); return true; }
    var played = legal.filter(function (a) { var w = cardsOf(a); return w.length >= 2 && w[0][0] === picked && w[1][0].charAt(0) === "c"; });
    if (played.length && !movesTo(picked, "") && table.querySelector('#hand [data-uid="' + picked + '"]')) {
      // a card from the hand on a target it may not be played on: the engine says why
      send({command: "why", about: played[0].split(" ")[0] + " " + picked + " " + uid});
      return true;
    }
    return false;
  }

  function pointAlone(uid) {  // nothing picked: a choice that names this card only ("choose c6", "strike c61")
    var fits = legal.filter(function (a) {
      var w = cardsOf(a);
      return w.length === 1 && w[0].length === 1 && w[0][0] === uid && /^(choose|strike|start|charm|yield) /.test(a);
    });
    if (fits.length === 1) { send({action: fits[0]}); return true; }
    return false;
  }

  function movesTo(uid, cell) {  // a legal move of this card (alone or in a group) to this cell
    return legal.some(function (a) { var w = cardsOf(a); return w.length === 2 && w[0].indexOf(uid) >= 0 && w[1][0] === cell; });
  }

  function acts(uid) {  // does any legal action start with this card?
    return legal.some(function (a) { var w = cardsOf(a); return w.length >= 1 && w[0].indexOf(uid) === 0; });
  }

  document.addEventListener("click", function (ev) {
    if (!hover && panel && !panel.hidden && !ev.target.closest("#card-panel")) { panel.hidden = true; }  // a tap elsewhere closes the sheet
    var el = ev.target.closest("[data-action],[data-command],[data-close-card],[data-uid],[data-cell],[data-card]");
    if (!el) { return; }
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
    if (el.tagName === "A" && el.dataset.card) { ev.preventDefault(); }
    var cellEl = ev.target.closest("[data-cell]");
    if (!replay && el.dataset.uid) {
      var uid = el.dataset.uid;
      if (picked && picked !== uid && pointCard(uid)) { return; }
      if (picked && group.indexOf(uid) < 0 && el.dataset.select !== undefined && cellEl && cellEl.dataset.cell === pickedCell) {
        join(uid);
        return;
      }
      if (picked && picked !== uid && cellEl && movesTo(picked, cellEl.dataset.cell)) { pointCell(cellEl.dataset.cell); return; }
      if (picked === uid) { pick(null); if (el.dataset.card) { showCard(el.dataset.card); } return; }
      if (!picked && pointAlone(uid)) { return; }
      if (el.dataset.select !== undefined || acts(uid)) {
        pick(uid, cellEl);
        // a touch screen keeps the Field clear for the second tap (tap the card again to read it)
        if (el.dataset.card && hover) { showCard(el.dataset.card); }
        return;
      }
    }
    if (!replay && picked && cellEl && !el.dataset.uid) { pointCell(cellEl.dataset.cell); return; }
    if (el.dataset.card) { showCard(el.dataset.card); return; }
    if (!replay && el.dataset.cell) {
      var c = el.closest("[data-cell]");
      if (c) { var card = c.querySelector("[data-card]"); if (card) { showCard(card.dataset.card); } }
    }
  });
  document.addEventListener("mouseover", function (ev) {
    if (!hover) { return; }  // a touch screen: a tap shows the card instead
    var el = ev.target.closest("[data-card]");
    if (el && el.dataset.card) { showCard(el.dataset.card); }
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape") { pick(null); if (panel) { panel.hidden = true; } }
    if (ev.key === "Enter" && ev.target.dataset && (ev.target.dataset.card || ev.target.dataset.uid)) { ev.target.click(); }
  });
  // closes the socket as a network failure would (the browser tests use it to see the banner and the reconnection)
  window.addEventListener("animayhem-drop", function () { if (socket) { socket.close(); } });
  if (!replay) { connect(); }
})();
