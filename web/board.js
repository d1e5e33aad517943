// The board the page draws (SVG) and the moves a person makes on it, by a click or a drag:
// the men from the position's FEN, the last move, the general in check, the review's best move
// and the picked man's targets. Uses app.js's game, its settings and its moves.
'use strict';

const GLYPHS = {
  K: '帥', A: '仕', B: '相', N: '傌', R: '俥', C: '炮', P: '兵',
  k: '將', a: '士', b: '象', n: '馬', r: '車', c: '砲', p: '卒',
};

const CELL = 60, MARGIN = 70;
const svg = (tag, attrs, parent) => {
  const el = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (parent) parent.appendChild(el);
  return el;
};
const pointXY = (file, rank) => {
  const f = game.flipped ? 8 - file : file, r = game.flipped ? rank : 9 - rank;
  return [MARGIN + f * CELL, MARGIN + r * CELL];
};
const pointName = (file, rank) => 'abcdefghi'[file] + rank;
const parsePoint = (name) => ['abcdefghi'.indexOf(name[0]), Number(name.slice(1))];

function drawGrid(root) {
  svg('rect', { class: 'frame', x: MARGIN - 30, y: MARGIN - 30, width: 8 * CELL + 60, height: 9 * CELL + 60, rx: 8 }, root);
  const line = (f1, r1, f2, r2) => {
    const [x1, y1] = pointXY(f1, r1), [x2, y2] = pointXY(f2, r2);
    svg('line', { class: 'grid', x1, y1, x2, y2 }, root);
  };
  for (let r = 0; r <= 9; r++) line(0, r, 8, r);
  for (let f = 0; f <= 8; f++) {
    if (f === 0 || f === 8) line(f, 0, f, 9);
    else { line(f, 0, f, 4); line(f, 5, f, 9); }
  }
  line(3, 0, 5, 2); line(5, 0, 3, 2); line(3, 9, 5, 7); line(5, 9, 3, 7);
  const [, y4] = pointXY(0, 4), [, y5] = pointXY(0, 5);
  const y = (y4 + y5) / 2, [xl] = pointXY(game.flipped ? 6 : 2, 0), [xr] = pointXY(game.flipped ? 2 : 6, 0);
  svg('text', { class: 'river', x: xl, y }, root).textContent = '楚河';
  svg('text', { class: 'river', x: xr, y }, root).textContent = '漢界';
  if (setting('edges') === 'iccs') {
    for (let f = 0; f <= 8; f++) {
      const [x, yb] = pointXY(f, game.flipped ? 9 : 0);
      svg('text', { class: 'coord', x, y: yb + 46 }, root).textContent = 'abcdefghi'[f];
    }
    for (let r = 0; r <= 9; r++) {
      const [xa, yr] = pointXY(game.flipped ? 8 : 0, r);
      svg('text', { class: 'coord', x: xa - 48, y: yr }, root).textContent = r;
    }
    return;
  }
  // Each side numbers the files from its own right, at its own edge: red 一 to 九, black 1 to 9.
  const outward = (y) => (y > MARGIN + 4.5 * CELL ? 46 : -46);
  for (let f = 0; f <= 8; f++) {
    const [xr, yr] = pointXY(f, 0), [xb, yb] = pointXY(f, 9);
    svg('text', { class: 'coord files', x: xr, y: yr + outward(yr) }, root).textContent = '一二三四五六七八九'[8 - f];
    svg('text', { class: 'coord files', x: xb, y: yb + outward(yb) }, root).textContent = String(f + 1);
  }
}

function menOf(fen) {
  const men = [];
  fen.split(' ')[0].split('/').forEach((row, i) => {
    let file = 0;
    for (const c of row) {
      if (/\d/.test(c)) file += Number(c);
      else men.push({ kind: c, file: file++, rank: 9 - i });
    }
  });
  return men;
}

function draw() {
  const root = $('board');
  root.innerHTML = '';
  drawGrid(root);
  const pos = game.position;
  if (!pos) return;
  const last = game.ply ? game.moves[game.ply - 1].iccs : null;
  if (last) {
    for (const p of [last.slice(0, 2), last.slice(2)]) {
      const [x, y] = pointXY(...parsePoint(p));
      svg('rect', { class: 'last', x: x - 29, y: y - 29, width: 58, height: 58, rx: 6 }, root);
    }
  }
  const inCheck = pos.checkers.length > 0, mover = sideToMove();
  for (const man of menOf(pos.fen)) {
    const red = man.kind === man.kind.toUpperCase();
    const [x, y] = pointXY(man.file, man.rank);
    const name = pointName(man.file, man.rank);
    const general = man.kind.toLowerCase() === 'k' && (red ? 'red' : 'black') === mover && inCheck;
    const g = svg('g', { class: `man ${red ? 'red' : 'black'}${game.picked === name ? ' picked' : ''}${general ? ' check' : ''}`,
      'data-point': name }, root);
    svg('circle', { cx: x, cy: y, r: 26 }, g);
    svg('text', { x, y: y + 1 }, g).textContent = GLYPHS[man.kind];
  }
  drawCursor(root);
  const best = reviewed.positions[game.ply];
  if (best && best.best && !answerHidden()) drawArrow(root, best.best);
  if (game.picked) {
    for (const m of pos.legal.filter((m) => m.startsWith(game.picked))) {
      const [x, y] = pointXY(...parsePoint(m.slice(2)));
      svg('circle', { class: 'target', cx: x, cy: y, r: 9, 'data-point': m.slice(2) }, root);
    }
  }
}

// The engine's best move in the position shown, from its point to its target.
function drawArrow(root, move) {
  const [x1, y1] = pointXY(...parsePoint(move.slice(0, 2))), [x2, y2] = pointXY(...parsePoint(move.slice(2)));
  const len = Math.hypot(x2 - x1, y2 - y1), ux = (x2 - x1) / len, uy = (y2 - y1) / len;
  const defs = svg('defs', {}, root);
  const head = svg('marker', { id: 'arrow-head', viewBox: '0 0 10 10', refX: 5, refY: 5, markerWidth: 3.2, markerHeight: 3.2,
    orient: 'auto-start-reverse' }, defs);
  svg('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrow-head' }, head);
  svg('line', { class: 'best-arrow', 'data-move': move, x1: x1 + ux * 12, y1: y1 + uy * 12, x2: x2 - ux * 18, y2: y2 - uy * 18,
    'marker-end': 'url(#arrow-head)' }, root);
}

// The point nearest a pointer event, or null off the board.
function pointAt(event) {
  const root = $('board'), box = root.getBoundingClientRect(), view = root.viewBox.baseVal;
  const x = (event.clientX - box.left) * view.width / box.width, y = (event.clientY - box.top) * view.height / box.height;
  let f = Math.round((x - MARGIN) / CELL), r = Math.round((y - MARGIN) / CELL);
  if (f < 0 || f > 8 || r < 0 || r > 9) return null;
  if (game.flipped) f = 8 - f; else r = 9 - r;
  return pointName(f, r);
}

function refuse(text) {
  say(text);
  const root = $('board');
  root.classList.remove('refused');
  void root.getBoundingClientRect();
  root.classList.add('refused');
}

// A man of the side to move on the point is picked up (true), where the player may move it; another point takes the man picked there.
function pickOrMove(point) {
  const pos = game.position;
  if (ownMan(point)) {
    if (gameOver()) return refuse(resultText(pos.result));
    if (!humanMoves(sideToMove()) || game.thinking) return refuse(t('status.not.yours'));
    game.picked = point;
    draw();
    return true;
  }
  if (game.picked) tryMove(game.picked + point);
  return false;
}

let dragFrom = null;
function press(event) {
  const point = pointAt(event);
  if (point && game.position && pickOrMove(point)) dragFrom = point;
}

function release(event) {
  const point = pointAt(event);
  if (dragFrom && point && point !== dragFrom) tryMove(dragFrom + point);
  dragFrom = null;
}

// Whether a man of the side to move stands on the point (false: none of its men there).
function ownMan(point) {
  const man = menOf(game.position.fen).find((m) => pointName(m.file, m.rank) === point);
  if (!man) return false;
  return (man.kind === man.kind.toUpperCase()) === (sideToMove() === 'red');
}

function tryMove(move) {
  game.picked = null;
  dragFrom = null;
  if (game.position.legal.includes(move) && exerciseHere()) {
    draw();
    tryExercise(move);
  } else if (game.position.legal.includes(move)) {
    play(move);
  } else {
    draw();
    refuse(t('status.illegal', { move }));
  }
}
