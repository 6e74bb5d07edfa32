// Keeps what a table typed when the phone loses the connection, and sends it again: the
// form carries its submission key, so a resend is stored once (tarockrec serve, issue 41).
(function () {
  "use strict";
  var form = document.getElementById("entry");
  if (!form || !window.fetch || !window.localStorage) { return; }
  var store = "tarockrec-pending:" + location.pathname;
  var pending = document.querySelector(".pending");

  function send(data) {
    return fetch(form.action, {method: "POST", body: data, credentials: "same-origin"})
      .then(function (resp) {
        localStorage.removeItem(store);
        return resp.text().then(function (html) {
          // the answer (the sheet after the redirect, or the refusal) replaces the page
          if (resp.redirected) { history.replaceState(null, "", resp.url); }
          document.open(); document.write(html); document.close();
        });
      });
  }
  function retry() {
    var saved = localStorage.getItem(store);
    if (!saved) { return; }
    var data = new FormData();
    JSON.parse(saved).forEach(function (kv) { data.append(kv[0], kv[1]); });
    if (pending) { pending.hidden = false; }
    send(data).catch(function () { setTimeout(retry, 3000); });
  }
  form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    var data = new FormData(form);
    var pairs = [];
    data.forEach(function (v, k) { pairs.push([k, v]); });
    localStorage.setItem(store, JSON.stringify(pairs));
    send(data).catch(function () {
      if (pending) { pending.hidden = false; }
      setTimeout(retry, 3000);
    });
  });
  retry();
}());
// The director's entry on a keyboard alone (issue 41, §3): the contract has the focus when the
// page opens, Tab goes through the fields in the sheet's order, and Enter saves the deal from
// any field, a list or a box as from a text field; Alt+N and Alt+P open the round's next and
// previous table (the links rel=next, rel=prev the director's page has).
(function () {
  "use strict";
  document.addEventListener("keydown", function (ev) {
    if (!ev.altKey || ev.ctrlKey || ev.metaKey) { return; }
    var rel = ev.code === "KeyN" ? "next" : ev.code === "KeyP" ? "prev" : "";
    var link = rel && document.querySelector("a[rel=" + rel + "]");
    if (link) {
      ev.preventDefault();
      location.href = link.href;
    }
  });
  var form = document.getElementById("entry");
  if (!form) { return; }
  // a page written after a save (document.write above) gets no autofocus of its own
  var first = form.querySelector("[autofocus]");
  if (first && (!document.activeElement || document.activeElement === document.body)) {
    first.focus();
  }
  form.addEventListener("keydown", function (ev) {
    var el = ev.target;
    if (ev.key !== "Enter" || ev.isComposing || !el) { return; }
    if (el.tagName === "SELECT" ||
        (el.tagName === "INPUT" && (el.type === "checkbox" || el.type === "radio"))) {
      ev.preventDefault();
      form.requestSubmit();
    }
  });
}());
