// The page's line under the status naming the endgame database the
// engine reads and how to get the larger one: GET /healthz's "egdb", the
// sentence analyse's stderr and UGI's info string also carry.

const line = document.getElementById('egdb');
fetch('/healthz').then((r) => r.json()).then((j) => {
  if (typeof j.egdb !== 'string' || j.egdb === '') return;
  line.textContent = j.egdb.charAt(0).toUpperCase() + j.egdb.slice(1) + '.';
  line.hidden = false;
}).catch(() => {}); // the page works without the line
