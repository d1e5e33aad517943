// Moves by keyboard on the board: the arrow keys move a cursor over the points (as the board is
// seen, flipped or not), Enter or the space bar picks up the man under it and then plays it to
// the point the cursor is on; a move typed in ICCS (h2e2) picks its man up at the second
// character and is played by Enter; Escape drops what was picked and typed. A line under the
// board, read by screen readers as it changes, says where the cursor is, what stands there and
// what was typed. Uses app.js's game and board.
'use strict';

const keys = { cursor: null, typed: '' };
const STEPS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };

// The man on a point in words ("red cannon", "红方的炮"), or that it is empty.
function pointWords(point) {
  const man = game.position && menOf(game.position.fen).find((m) => pointName(m.file, m.rank) === point);
  if (!man) return t('keys.empty');
  const kind = { k: 'general', a: 'advisor', b: 'elephant', n: 'horse', r: 'rook', c: 'cannon', p: 'pawn' }[man.kind.toLowerCase()];
  return t('keys.man', { side: t(man.kind === man.kind.toUpperCase() ? 'word.red' : 'word.black'), man: t(`word.${kind}`) });
}

function sayKeys() {
  const at = keys.cursor ? t('keys.at', { point: keys.cursor, what: pointWords(keys.cursor) }) : t('keys.help');
  $('board-keys').textContent = keys.typed ? sentences([at, t('keys.typed', { typed: keys.typed })]) : at;
}

// The cursor's square, drawn only while the board has the keyboard's focus, and what it is on said again.
function drawCursor(root) {
  if (document.activeElement !== $('board')) return;
  sayKeys();
  if (!keys.cursor) return;
  const [x, y] = pointXY(...parsePoint(keys.cursor));
  svg('rect', { class: 'cursor', x: x - 31, y: y - 31, width: 62, height: 62, rx: 8 }, root);
}

function moveCursor([df, dr]) {
  const [f, r] = keys.cursor ? parsePoint(keys.cursor) : [4, game.flipped ? 9 : 0];
  const file = Math.min(8, Math.max(0, f + (game.flipped ? -df : df))), rank = Math.min(9, Math.max(0, r + (game.flipped ? -dr : dr)));
  keys.cursor = keys.cursor ? pointName(file, rank) : pointName(f, r); // the first press shows where the cursor starts
}

// A character of an ICCS move: at two its man is picked up, at four the cursor goes to its target.
function type(c) {
  keys.typed = (keys.typed.length >= 4 ? '' : keys.typed) + c;
  const point = keys.typed.slice(keys.typed.length > 2 ? 2 : 0);
  if (/^[a-i]\d$/.test(point)) {
    keys.cursor = point;
    if (keys.typed.length === 2 && ownMan(point)) pickOrMove(point);
  }
}

function enter() {
  const typed = keys.typed;
  keys.typed = '';
  if (/^[a-i]\d[a-i]\d$/.test(typed)) {
    if (!ownMan(typed.slice(0, 2))) {
      game.picked = null;
      return refuse(t('status.illegal', { move: typed }));
    }
    if (pickOrMove(typed.slice(0, 2))) tryMove(typed); // as a click on the man would, refused when it is not the player's turn
    return;
  }
  if (keys.cursor) pickOrMove(keys.cursor);
}

function onKey(event) {
  if (!game.position || event.ctrlKey || event.metaKey || event.altKey) return;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (STEPS[key]) moveCursor(STEPS[key]);
  else if (key === 'Enter' || key === ' ') enter();
  else if (/^[a-i0-9]$/.test(key)) type(key);
  else if (key === 'Backspace') keys.typed = keys.typed.slice(0, -1);
  else if (key === 'Escape') { keys.typed = ''; game.picked = null; }
  else return;
  event.preventDefault(); // the page does not scroll under the arrows, nor the space bar
  draw();
}

$('board').addEventListener('keydown', onKey);
$('board').addEventListener('focus', () => draw());
$('board').addEventListener('blur', () => draw());
languageListeners.push(sayKeys);
sayKeys();
