/* tarockrec show --html: draws the deals held as JSON in #tarockrec-data and steps through
   them. Every text goes into the page through textContent (never as HTML); cards are SVG
   drawn here from their suit and rank. Keys: ← → a step, Home / End the first and last,
   PageUp / PageDown the previous and next deal. */
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  var COLOURS = { T: "#8a5a00", S: "#1d232a", C: "#1e7b34", H: "#c8102e", D: "#1f4fbf" };
  var ROMAN = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII",
    "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI", "XXII"];

  function showError(text) {
    var box = document.getElementById("script-error");
    if (!box) {
      box = document.createElement("div");
      box.id = "script-error";
      document.body.insertBefore(box, document.body.firstChild);
    }
    box.style.display = "block";
    box.textContent = "The page could not draw the deal: " + text;
  }
  window.addEventListener("error", function (e) { showError(String(e.message)); });

  var DATA = JSON.parse(document.getElementById("tarockrec-data").textContent);
  var app = document.getElementById("app");

  /* -- small DOM helpers ----------------------------------------------------------------- */
  function el(tag, cls) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    for (var i = 2; i < arguments.length; i++) add(node, arguments[i]);
    return node;
  }
  function add(node, child) {
    if (child === null || child === undefined) return node;
    if (Array.isArray(child)) { child.forEach(function (c) { add(node, c); }); return node; }
    node.appendChild(typeof child === "object" ? child : document.createTextNode(String(child)));
    return node;
  }
  function s(tag, attrs, text) {
    var node = document.createElementNS(SVG, tag);
    Object.keys(attrs).forEach(function (k) { node.setAttribute(k, String(attrs[k])); });
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function signed(x) { return x > 0 ? "+" + x : String(x); }
  /* an item name that may wrap after "_" and ":" only (king_ultimo:S), never inside a word */
  function breakable(name) {
    var out = [];
    String(name).split(/(?<=[_:])/).forEach(function (piece, i) {
      if (i) out.push(document.createElement("wbr"));
      out.push(document.createTextNode(piece));
    });
    return out;
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

  /* -- cards ----------------------------------------------------------------------------- */
  function cardInfo(pack, code) {
    var c = pack && pack.cards[code];
    return c ? { suit: c[0], strength: c[1], rank: c[2] } : null;
  }
  function suitSign(pack, suit) {
    for (var i = 0; pack && i < pack.suits.length; i++)
      if (pack.suits[i].code === suit) return pack.suits[i].sign;
    return suit;
  }
  function rankText(info) {
    if (info.suit === "T" && /^\d+$/.test(info.rank) && ROMAN[+info.rank]) return ROMAN[+info.rank];
    return info.rank;
  }
  /* one card as SVG: a face with the rank in the corners and the suit sign (a trump: its
     number in Roman figures) in the middle; a code the pack does not know is a grey card
     with the code written on it */
  function card(pack, code, scale) {
    var k = scale || 1, w = 46, h = 70;
    var info = cardInfo(pack, code);
    var root = s("svg", { "class": "card", width: w * k, height: h * k,
                          viewBox: "0 0 " + w + " " + h, role: "img" });
    root.appendChild(s("title", {}, code));
    var trump = info && info.suit === "T";
    var colour = info ? (COLOURS[info.suit] || "#666") : "#666";
    root.appendChild(s("rect", { "class": "face", x: 1, y: 1, width: w - 2, height: h - 2,
      rx: 5, fill: trump ? "#fff4d6" : (info ? "#ffffff" : "#eeeeee"),
      stroke: trump ? "#c9a54a" : "#9aa5b1", "stroke-width": 1 }));
    if (!info) {
      root.appendChild(s("text", { x: w / 2, y: h / 2 + 4, "text-anchor": "middle",
        "font-size": 10, fill: "#444", "font-family": "sans-serif" }, code));
      return root;
    }
    var rank = rankText(info), sign = suitSign(pack, info.suit);
    if (trump) {
      root.appendChild(s("rect", { x: 5, y: 5, width: w - 10, height: h - 10, rx: 3,
        fill: "none", stroke: "#e3c778", "stroke-width": 1 }));
      var size = rank.length > 4 ? 11 : rank.length > 2 ? 14 : 18;
      root.appendChild(s("text", { x: w / 2 + 3, y: h / 2 + size / 3 + 2, "text-anchor": "middle",
        "font-size": size, "font-weight": 700, fill: colour, "font-family": "serif" }, rank));
      root.appendChild(s("text", { x: 5, y: 15, "font-size": 12, "font-weight": 700,
        fill: colour, "font-family": "sans-serif" }, info.rank));
      root.appendChild(s("text", { x: w - 5, y: h - 6, "text-anchor": "end", "font-size": 12,
        "font-weight": 700, fill: colour, "font-family": "sans-serif" }, info.rank));
      return root;
    }
    root.appendChild(s("text", { x: 5, y: 15, "font-size": rank.length > 1 ? 11 : 13,
      "font-weight": 700, fill: colour, "font-family": "sans-serif" }, rank));
    root.appendChild(s("text", { x: 5, y: 27, "font-size": 11, fill: colour,
      "font-family": "sans-serif" }, sign));
    root.appendChild(s("text", { x: w / 2 + 3, y: h / 2 + 12, "text-anchor": "middle",
      "font-size": 26, fill: colour, "font-family": "sans-serif" }, sign));
    root.appendChild(s("text", { x: w - 5, y: h - 6, "text-anchor": "end",
      "font-size": rank.length > 1 ? 11 : 13, "font-weight": 700, fill: colour,
      "font-family": "sans-serif" }, rank));
    return root;
  }
  /* a text in which every word that is a card code is shown with its suit's colour */
  function cardText(pack, text) {
    var span = el("span");
    String(text).split(/([^A-Za-z0-9]+)/).forEach(function (word) {
      var info = cardInfo(pack, word);
      if (!info) { add(span, word); return; }
      var c = el("span", "c");
      c.style.color = COLOURS[info.suit] || "#666";
      c.title = word;
      c.textContent = info.suit === "T" ? word : rankText(info) + suitSign(pack, info.suit);
      add(span, c);
    });
    return span;
  }
  function sortHand(pack, cards) {
    var order = {};
    (pack ? pack.suits : []).forEach(function (x, i) { order[x.code] = i; });
    return cards.slice().sort(function (a, b) {
      var x = cardInfo(pack, a), y = cardInfo(pack, b);
      if (!x || !y) return (x ? 0 : 1) - (y ? 0 : 1);
      if (x.suit !== y.suit) return order[x.suit] - order[y.suit];
      return y.strength - x.strength;
    });
  }

  /* -- what to show ---------------------------------------------------------------------- */
  var choices = [];      // every deal of every record: {r: record index, k: deal index}
  DATA.records.forEach(function (rec, r) {
    if (!rec.deals.length) choices.push({ r: r, k: -1 });
    rec.deals.forEach(function (d, k) { choices.push({ r: r, k: k }); });
  });
  var state = { choice: 0, step: 0 };

  function steps(deal) {
    var out = [{ kind: "dealt", label: "The deal" }];
    if (deal.sheet || !deal.hands || !deal.start) return out;
    if (deal.start && JSON.stringify(deal.start.map(function (h) { return h.slice().sort(); })) !==
        JSON.stringify(deal.hands.map(function (h) { return h.slice().sort(); })))
      out.push({ kind: "start", label: "Hands at the start of play" });
    (deal.tricks || []).forEach(function (t, i) {
      out.push({ kind: "trick", index: i, label: "Trick " + (i + 1) + " of " +
                 deal.tricks.length });
    });
    if (deal.partial) out.push({ kind: "partial", label: "Trick " +
      ((deal.tricks || []).length + 1) + " (the replay stops here)" });
    return out;
  }

  /* the hands and the table at a step: the cards held at the start of play, those already
     played (drawn faded), the trick on the table and the tricks each seat has won */
  function position(deal, step) {
    var won = deal.hands.map(function () { return 0; });
    var played = deal.hands.map(function () { return []; });
    if (step.kind === "dealt") return { hands: deal.hands, played: played, trick: null, won: won };
    var upto = step.kind === "trick" ? step.index + 1 : step.kind === "partial" ? deal.tricks.length : 0;
    for (var t = 0; t < upto; t++) {
      var tr = deal.tricks[t];
      tr.seats.forEach(function (seatNo, j) { if (played[seatNo]) played[seatNo].push(tr.cards[j]); });
      won[tr.winner] += 1;
    }
    var trick = step.kind === "trick" ? deal.tricks[step.index] : null;
    if (step.kind === "partial") {
      trick = deal.partial;
      deal.partial.seats.forEach(function (seatNo, j) {
        if (played[seatNo]) played[seatNo].push(deal.partial.cards[j]);
      });
    }
    return { hands: deal.start, played: played, trick: trick, won: won };
  }

  function fromForehand(deal, n) {
    var seats = [];
    for (var i = 0; i < n; i++) seats.push((deal.forehand + i) % n);
    return seats;
  }
  /* a node that shows a player's name: the whole name on hover where the name is cut */
  function named(node, rec, seat) {
    if (rec.names && rec.names[seat] !== rec.players[seat]) node.title = rec.names[seat];
    return node;
  }
  function name(rec, seat) {
    return (rec.players[seat] !== undefined ? rec.players[seat] : "seat") + " (" + seat + ")";
  }

  /* -- drawing --------------------------------------------------------------------------- */
  function findingList(list) {
    return (list || []).map(function (f) {
      return el("div", "finding " + (f.error ? "error" : f.severity), (f.error ? "✗ " : "") + f.text);
    });
  }
  function panel(title, key) {
    var p = el("section", "panel", el("h2", null, title));
    if (key) p.setAttribute("data-section", key);
    return p;
  }

  function drawHeader(rec) {
    var h = el("header", null,
      el("h1", null, rec.title || "record", el("span", "label", rec.label),
         el("span", "verdict " + (rec.valid ? "valid" : "invalid"), rec.valid ? "valid" : "INVALID")));
    rec.lines.forEach(function (line) { add(h, el("div", "lines", line)); });
    if (rec.players.length) {
      add(h, el("div", "lines", "table: " + (rec.names || rec.players).map(function (p, i) {
        return i + " " + p; }).join(" · ")));
    }
    add(h, findingList(rec.findings));
    return h;
  }

  /* a deal's line in the list: dealer, contract, declarer and scores (a session's own
     overview, which the validator derived, or the deal's score) */
  function summary(rec, d) {
    if (!d) return null;
    var row = (rec.overview || []).filter(function (x) { return x.number === d.number; })[0];
    if (row) return row;
    var sc = d.score;
    return { number: d.number, dealer: rec.players[d.dealer], scores: sc ? sc.total : null,
             contract: sc ? sc.contract : "",
             declarer: sc && sc.declarer !== null ? rec.players[sc.declarer] : "" };
  }
  function choiceRow(index, cells) {
    var tr = el("tr", "choice" + (index === state.choice ? " current" : ""), cells);
    tr.addEventListener("click", function () { choose(index, 0); });
    tr.setAttribute("data-choice", String(index));
    return tr;
  }
  function dealButton(d) {
    var btn = el("button", null, d ? "deal " + d.number : "record");
    btn.type = "button";
    return btn;
  }

  /* the deals to choose from: a session's overview with a column per player and the totals;
     a page of many records one line per deal, the record named at its first */
  function drawChooser() {
    if (choices.length < 2) return null;
    var nav = el("nav", "deals"), box = panel("Deals", "deals"), scroll = el("div", "scroll");
    add(nav, box);
    add(box, scroll);
    var table = el("table");
    add(scroll, table);
    if (DATA.records.length === 1) {
      var rec = DATA.records[0];
      var head = el("tr", null, el("th", null, "deal"), el("th", null, "dealer"),
                    el("th", null, "contract"), el("th", null, "declarer"));
      rec.players.forEach(function (p, seat) { add(head, named(el("th", "num", p), rec, seat)); });
      add(table, head);
      choices.forEach(function (ch, index) {
        var d = ch.k >= 0 ? rec.deals[ch.k] : null, row = summary(rec, d);
        var cells = [el("td", null, dealButton(d)), el("td", null, row ? row.dealer : ""),
                     el("td", null, row ? row.contract || "" : ""),
                     el("td", null, row ? row.declarer || "" : "")];
        rec.players.forEach(function (p, seat) {
          cells.push(el("td", "num", row && row.scores ? signed(row.scores[seat]) :
            (seat === 0 ? "not scored" : "")));
        });
        add(table, choiceRow(index, cells));
      });
      if (rec.totals) {
        var tot = el("tr", "total", el("td", null, ""), el("td", null, "totals"), el("td"), el("td"));
        rec.totals.forEach(function (x) { add(tot, el("td", "num", signed(x))); });
        add(table, tot);
      }
      return nav;
    }
    add(table, el("tr", null, el("th", null, "record"), el("th", null, ""), el("th", null, "deal"),
                  el("th", null, "dealer"), el("th", null, "contract"), el("th", null, "declarer"),
                  el("th", null, "scores")));
    choices.forEach(function (ch, index) {
      var rec = DATA.records[ch.r], d = ch.k >= 0 ? rec.deals[ch.k] : null, row = summary(rec, d);
      var first = index === 0 || choices[index - 1].r !== ch.r;
      add(table, choiceRow(index, [
        el("td", "label", first ? rec.label : ""),
        el("td", rec.valid ? "dim" : "bad", first ? (rec.valid ? "✓" : "✗") : ""),
        el("td", null, dealButton(d)), el("td", null, row ? row.dealer : ""),
        el("td", null, row ? row.contract || "" : ""), el("td", null, row ? row.declarer || "" : ""),
        el("td", null, row && row.scores ? row.scores.map(signed).join(" ") : "not scored")]));
    });
    return nav;
  }

  function drawBoard(rec, deal, list, index) {
    var step = list[index], n = rec.players.length;
    var board = el("div", "board");
    board.id = "board";
    board.setAttribute("data-step", String(index));
    board.setAttribute("data-steps", String(list.length));
    var controls = el("div", "controls");
    [["«", "first", "Home"], ["‹", "previous", "←"], ["›", "next", "→"], ["»", "last", "End"]]
      .forEach(function (b) {
        var btn = el("button", null, b[0]);
        btn.type = "button";
        btn.title = b[1] + " (" + b[2] + ")";
        btn.setAttribute("aria-label", b[1]);
        btn.setAttribute("data-go", b[1]);
        btn.disabled = (b[1] === "first" || b[1] === "previous") ? index === 0 : index === list.length - 1;
        btn.addEventListener("click", function () { go(b[1]); });
        add(controls, btn);
      });
    var label = el("span", "step", step.label);
    if (step.kind === "trick") {
      var t = deal.tricks[step.index];
      add(label, el("span", "dim", " · " + name(rec, t.leader) + " led, " + name(rec, t.winner) + " won"));
    }
    label.id = "step-label";
    add(controls, label);
    add(board, controls);
    if (list.length > 2) {
      var pips = el("div", "pips");
      list.forEach(function (st, i) {
        var p = el("button", i === index ? "current" : "",
          st.kind === "trick" ? String(st.index + 1) : st.kind === "partial" ? "✗" : st.kind === "start" ? "▸" : "◆");
        p.type = "button";
        p.title = st.label;
        p.addEventListener("click", function () { setStep(i); });
        add(pips, p);
      });
      add(board, pips);
    }
    var pos = position(deal, step);
    var declarer = deal.score ? deal.score.declarer : null;
    var partner = deal.score ? deal.score.partner : null;
    var lead = pos.trick ? pos.trick.leader : null;
    fromForehand(deal, n).forEach(function (seat) {
      var who = el("div", "who", named(el("div", "name", rec.players[seat]), rec, seat));
      var badges = el("div");
      if (seat === deal.dealer) add(badges, el("span", "badge dealer", "D"));
      if (seat === deal.forehand) add(badges, el("span", "badge forehand", "F"));
      if (index === list.length - 1 && declarer === seat) add(badges, el("span", "badge declarer", "declarer"));
      if (index === list.length - 1 && partner === seat) add(badges, el("span", "badge declarer", "partner"));
      add(badges, el("span", "dim", " seat " + seat));
      add(who, badges);
      if (step.kind !== "dealt") add(who, el("div", "tricks", pos.won[seat] + " trick" + (pos.won[seat] === 1 ? "" : "s")));
      var hand = el("div", "hand");
      var cards = sortHand(rec.pack, pos.hands[seat] || []);
      if (!cards.length) add(hand, el("span", "none", deal.empty[seat] || "no cards"));
      var gone = pos.played[seat] ? pos.played[seat].slice() : [];
      cards.forEach(function (c) {
        var svg = card(rec.pack, c, 0.86), i = gone.indexOf(c);
        if (i >= 0) { gone.splice(i, 1); svg.setAttribute("class", "card played"); }
        add(hand, svg);
      });
      var slot = el("div", "slot");
      if (pos.trick) {
        var j = pos.trick.seats.indexOf(seat);
        if (j >= 0) {
          var tags = [];
          if (seat === lead) tags.push("led");
          if (seat === pos.trick.winner) { tags.push("won"); slot.className += " won"; }
          add(slot, el("div", "tag", tags.join(" · ")));
          add(slot, card(rec.pack, pos.trick.cards[j], 1.05));
        } else if (step.kind === "partial" && pos.trick.bad_card && pos.trick.bad_seat === seat) {
          slot.className += " bad";
          add(slot, el("div", "tag", "✗"));
          pos.trick.bad_card.split(" ").forEach(function (c) { add(slot, card(rec.pack, c, 1.05)); });
        }
      }
      var row = el("div", "seat", who, hand, slot);
      row.setAttribute("data-seat", String(seat));
      add(board, row);
    });
    if (step.kind === "partial" && pos.trick.bad_card && (pos.trick.bad_seat === null ||
        pos.trick.bad_seat === undefined)) {
      add(board, el("div", "status bad", "✗ " + pos.trick.bad_card));
    }
    add(board, findingList(deal.findings["play"]));
    if (deal.stopped) add(board, el("div", "status dim", "(shown up to its first finding)"));
    add(board, el("div", "help", "← → step · Home / End first and last" +
      (choices.length > 1 ? " · PageUp / PageDown previous and next deal" : "")));
    return board;
  }

  function drawSections(rec, deal) {
    var out = [];
    if (deal.talon) {
      var talon = panel("Talon", "talon");
      var box = el("div", "talon");
      deal.talon.split(" ").forEach(function (c) {
        add(box, c === "|" ? el("span", "sep") : card(rec.pack, c, 0.8));
      });
      add(talon, box);
      add(talon, findingList(deal.findings["deal"]));
      out.push(talon);
    } else if ((deal.findings || {})["deal"]) {
      var dp = panel("Hands", "deal");
      add(dp, findingList(deal.findings["deal"]));
      out.push(dp);
    }
    deal.sections.forEach(function (sec) {
      var p = panel(sec.title, sec.key);
      if (sec.rows) {
        var t = el("table"), head = el("tr");
        sec.order.forEach(function (seat) { add(head, el("th", null, name(rec, seat))); });
        add(t, head);
        sec.rows.forEach(function (r) {
          var tr = el("tr");
          if (r["-1"] !== undefined) {
            var td = el("td", null, cardText(rec.pack, r["-1"]));
            td.colSpan = sec.order.length;
            add(tr, td);
          } else {
            sec.order.forEach(function (seat) {
              var text = r[String(seat)] || "";
              var bad = text.indexOf("✗ ") === 0;
              add(tr, el("td", bad ? "bad" : null, cardText(rec.pack, text)));
            });
          }
          add(t, tr);
        });
        add(p, t);
      } else {
        sec.items.forEach(function (it) {
          add(p, el("div", it.bad ? "bad" : null, it.bad ? "✗ " : "",
                    it.who ? el("b", null, it.who + ": ") : null, cardText(rec.pack, it.text)));
        });
      }
      add(p, findingList(deal.findings[sec.key]));
      out.push(p);
    });
    return out;
  }

  function drawScore(rec, deal, atEnd) {
    var p = panel("Score", "result");
    p.id = "score";
    var sc = deal.score;
    if (deal.sheet && deal.sheet_result) add(p, el("div", "dim", "score sheet: " + deal.sheet_result.join(" · ")));
    if (!sc) {
      add(p, el("div", "dim", deal.stopped ? "No score: the deal stops at its first finding." : "No score."));
    } else if (!atEnd) {
      add(p, el("div", "dim", "The score is shown after the last trick (End)."));
    } else {
      add(p, el("div", null, sc.facts.join(" · ")));
      var t = el("table"), head = el("tr", null, el("th", null, "item"), el("th", "num", "base"),
                                     el("th", "num", "×"));
      rec.players.forEach(function (pl, seat) {
        add(head, named(el("th", "num player", pl), rec, seat));
      });
      add(t, head);
      var width = 3 + rec.players.length;
      sc.items.forEach(function (it) {
        var tr = el("tr", null, el("td", "item", breakable(it.name)),
                    el("td", "num", it.base), el("td", "num", it.multiplier));
        it.deltas.forEach(function (x) { add(tr, el("td", "num", signed(x))); });
        add(t, tr);
        if (it.note) {     /* the note on a row of its own: the item column stays narrow */
          var note = el("td", "dim note", it.note);
          note.colSpan = width;
          add(t, el("tr", "note", note));
        }
      });
      var tot = el("tr", "total", el("td", "item", "total"), el("td"), el("td"));
      sc.total.forEach(function (x, seat) {
        var td = el("td", "num", signed(x));
        td.setAttribute("data-seat", String(seat));
        td.setAttribute("data-total", String(x));
        add(tot, td);
      });
      add(t, tot);
      add(p, t);
      if (sc.agrees) add(p, el("div", "dim", "the recorded result agrees"));
    }
    add(p, findingList(deal.findings["result"]));
    return p;
  }

  /* -- state and keys -------------------------------------------------------------------- */
  var view = {};
  function current() {
    var ch = choices[state.choice], rec = DATA.records[ch.r];
    return { rec: rec, deal: ch.k >= 0 ? rec.deals[ch.k] : null };
  }

  function render() {
    clear(app);
    var cur = current(), rec = cur.rec, deal = cur.deal;
    document.title = "tarockrec · " + (rec.title || "") + (deal ? " · deal " + deal.number : "");
    add(app, drawHeader(rec));
    var nav = drawChooser();
    if (nav) add(app, nav);
    var here = nav && nav.querySelector("tr.current"), scroll = nav && nav.querySelector(".scroll");
    if (here && scroll) scroll.scrollTop = Math.max(0, here.offsetTop - scroll.clientHeight / 2);
    if (!deal) { view = {}; return; }
    var list = steps(deal);
    state.step = Math.max(0, Math.min(state.step, list.length - 1));
    var left = el("div"), right = el("div");
    var main = el("main", null, left, right);
    var shown = { "": 1, deal: 1, play: 1, result: 1, talon: 1 };
    deal.sections.forEach(function (sec) { shown[sec.key] = 1; });
    var elsewhere = [];       // findings of a section that has no panel: shown above the board
    Object.keys(deal.findings).forEach(function (key) {
      if (key === "" || !shown[key] || (key === "play" && deal.sheet)) elsewhere = elsewhere.concat(deal.findings[key]);
    });
    if (elsewhere.length) add(left, el("section", "panel", findingList(elsewhere)));
    var board = deal.sheet ? el("div", "board", el("div", null, "Score sheet (no cards: the play is not shown)"))
                           : drawBoard(rec, deal, list, state.step);
    if (deal.sheet) {
      board.id = "board";
      board.setAttribute("data-step", "0");
      board.setAttribute("data-steps", "1");
    }
    add(left, board);
    drawSections(rec, deal).forEach(function (p) { add(right, p); });
    var atEnd = state.step === list.length - 1;
    var score = drawScore(rec, deal, atEnd);
    add(right, score);
    add(app, main);
    view = { list: list, rec: rec, deal: deal, left: left, right: right, board: board, score: score };
  }

  function remember() {
    try { history.replaceState(null, "", "#deal-" + (state.choice + 1) + "-" + state.step); }
    catch (e) { /* a page opened where the address cannot change */ }
  }
  function setStep(i) {
    if (!view.list || view.deal.sheet) return;
    state.step = Math.max(0, Math.min(i, view.list.length - 1));
    remember();
    var board = drawBoard(view.rec, view.deal, view.list, state.step);
    view.left.replaceChild(board, view.board);
    view.board = board;
    var score = drawScore(view.rec, view.deal, state.step === view.list.length - 1);
    view.right.replaceChild(score, view.score);
    view.score = score;
  }
  function go(where) {
    if (!view.list) return;
    var last = view.list.length - 1;
    setStep(where === "first" ? 0 : where === "last" ? last :
            where === "previous" ? state.step - 1 : state.step + 1);
  }
  function choose(index, step) {
    state.choice = Math.max(0, Math.min(index, choices.length - 1));
    state.step = step;
    render();
    remember();
  }

  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var tag = e.target && e.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    var key = { ArrowRight: "next", ArrowLeft: "previous", Home: "first", End: "last" }[e.key];
    if (key) { go(key); e.preventDefault(); return; }
    if (e.key === "PageDown" && state.choice < choices.length - 1) { choose(state.choice + 1, 0); e.preventDefault(); }
    if (e.key === "PageUp" && state.choice > 0) { choose(state.choice - 1, 0); e.preventDefault(); }
  });

  /* the address may name a deal and a step: page.html#deal-2-5 (deal 2, step 5) */
  var m = /^#deal-(\d+)(?:-(\d+))?$/.exec(location.hash);
  if (!choices.length) {
    add(app, el("p", null, "No record to show."));
  } else {
    state.choice = m ? Math.max(0, Math.min(+m[1] - 1, choices.length - 1)) : 0;
    state.step = m && m[2] ? +m[2] : 0;
    render();
  }
})();
