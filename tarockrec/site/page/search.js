// tarockrec publish --archive: the front page's search box (issue 43 §3). The index is not in
// the page: it is split into shards by the first letters of the words (search/NAME.js, each a
// call of tarockrecSearch), and the script loads the shards of the words typed (all of them
// when the box is focused, if the index is small: meta.prefetch; one after the other, the
// largest first, if it is larger: meta.trickle) with a <script> element,
// the one way a page opened from disk (file://) may read the site's own files (fetch() of a
// file:// URL is refused). What it finds and in what order is
// tarockrec/archive/search.py's `search`: keep the two alike.
(() => {
  const box = document.getElementById('search'), out = document.getElementById('results');
  const meta = JSON.parse(document.getElementById('index').textContent);
  const KINDS = ['person', 'event', 'series', 'entrant'];
  const LABEL = {person: 'people', event: 'events', series: 'series', entrant: 'not linked'};
  const MOST = 20;                          // hits shown of each kind (the rest: "N more")
  const TR = [['ä', 'ae'], ['ö', 'oe'], ['ü', 'ue'], ['ß', 'ss']];
  const shards = {}, asked = {};
  const strip = s => s.normalize('NFD').replace(/\p{M}/gu, '');
  const words = s => s.normalize('NFC').split(/[^\p{L}\p{N}_]+/u).filter(w => w);
  function forms(word) {                    // search.py `forms`
    const low = word.toLowerCase();
    let tr = low;
    for (const [a, b] of TR) tr = tr.split(a).join(b);
    const folded = strip(low).split('ß').join('ss');
    let back = folded;
    for (const p of ['ae', 'oe', 'ue']) back = back.split(p).join(p[0]);
    return [...new Set([folded, strip(tr), back])].filter(f => f);
  }
  function head(form) {                     // search.py `shard_of(form, len(form))`
    const m = /^[a-z0-9]+/.exec(form);
    return m ? m[0] : '_';
  }
  function needed(wanted) {                 // search.py `needed`
    const out = new Set();
    for (const fs of wanted) for (const f of fs) {
      const h = head(f);
      for (const n of meta.shards) if (h.startsWith(n) || n.startsWith(h)) out.add(n);
    }
    return [...out];
  }
  window.tarockrecSearch = (name, entries) => {
    shards[name] = entries.map(e => Object.assign(e, {terms: e.s.split(' ')}));
    out.dataset.loaded = Object.keys(shards).length;
    find();
  };
  function load(name, then) {             // then: called once the file is in (or failed)
    if (asked[name]) { if (then) then(); return; }
    asked[name] = true;
    const s = document.createElement('script');
    s.src = meta.folder + name + '.js';
    s.onload = () => { if (then) then(); };
    s.onerror = () => { shards[name] = []; find(); if (then) then(); };
    document.head.appendChild(s);
  }
  const begins = (terms, fs) => terms.some(t => fs.some(f => t.startsWith(f)));
  const whole = (terms, fs) => fs.some(f => terms.includes(f));
  function item(href, text, note) {
    const li = document.createElement('li');
    if (href) {
      const a = document.createElement('a'), chars = [...text];
      a.href = href;
      if (chars.length > meta.cut) {        // a long name cut, whole on hover (site.name_cell)
        a.textContent = chars.slice(0, meta.cut - 1).join('').trimEnd() + '…';
        a.title = text;
      } else a.textContent = text;
      li.appendChild(a);
    } else li.textContent = text;
    if (note) li.appendChild(document.createTextNode(' · ' + note));
    return li;
  }
  function show(query, found) {
    out.textContent = '';
    const byKind = {};
    for (const e of found) (byKind[e.k] = byKind[e.k] || []).push(e);
    for (const k of KINDS) {
      const list = byKind[k] || [];
      for (const e of list.slice(0, MOST)) out.appendChild(item(e.u, e.t, k === 'entrant' ? '' : k));
      if (list.length > MOST) {
        const li = item('', `and ${list.length - MOST} more ${LABEL[k]}: type more to narrow them`);
        li.className = 'more'; out.appendChild(li);
      }
    }
    if (!found.length) out.textContent = 'nothing found';
    out.dataset.done = query;
  }
  function find() {
    const query = box.value, wanted = words(query).map(forms);
    if (!wanted.length) { out.textContent = ''; out.dataset.done = query; return; }
    const names = needed(wanted), missing = names.filter(n => !shards[n]);
    if (missing.length) { missing.forEach(n => load(n)); out.dataset.done = ''; return; }
    const seen = new Map();
    for (const n of names) for (const e of shards[n])
      if (!seen.has(e.r) && wanted.every(fs => begins(e.terms, fs))) seen.set(e.r, e);
    const rank = e => [KINDS.indexOf(e.k), wanted.every(fs => whole(e.terms, fs)) ? 0 : 1, e.r];
    const found = [...seen.values()].map(e => [rank(e), e]).sort((a, b) =>
      a[0][0] - b[0][0] || a[0][1] - b[0][1] || a[0][2] - b[0][2]).map(x => x[1]);
    show(query, found);
  }
  box.addEventListener('input', find);
  // a small index is loaded whole as soon as one means to search: no key waits for a file; a
  // larger one a file at a time in the background (a word's first key waits only if its file
  // is not in yet, and then loads it at once)
  const trickle = i => {
    if (i < meta.trickle.length) load(meta.trickle[i], () => trickle(i + 1));
  };
  box.addEventListener('focus', () => {
    if (meta.prefetch) meta.shards.forEach(n => load(n)); else trickle(0);
  }, {once: true});
  if (box.value) find();
})();
