// tarockrec publish --archive: the front page's search box, over the index written into the
// page (people and events, found as one types; nothing is fetched)
const norm = s => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
const box = document.getElementById('search'), out = document.getElementById('results');
const data = JSON.parse(document.getElementById('index').textContent);
function find() {
  const q = norm(box.value.trim());
  out.textContent = '';
  if (!q) return;
  for (const d of data.filter(d => norm(d.t).includes(q)).slice(0, 40)) {
    const li = document.createElement('li'), a = document.createElement('a');
    a.href = d.u; a.textContent = d.t; li.appendChild(a);
    li.appendChild(document.createTextNode(' · ' + d.k)); out.appendChild(li);
  }
  if (!out.children.length) out.textContent = 'nothing found';
}
box.addEventListener('input', find);
