// Learn from your mistakes: after a review, each mistake and blunder of the game is a position
// to solve. A move counts when the engine finds it keeps the expected score of the review's best
// move (within SOLVED_WITHIN, the search's own noise), searched alone from the position to the
// depth the review's search reached, as the review judges a move; a hint shows the man to move,
// and two wrong tries show the answer. Uses the page's game, review and engine link (app.js) and
// its board (board.js).
'use strict';

const SOLVED_WITHIN = 0.02;
const exercise = {
  list: [],       // {ply, pos}: the review's position before each mistake or blunder
  k: -1,          // the one on the board, -1 before the first
  tries: 0,
  answered: false, // solved, or the answer shown
  checking: false, // a tried move is being searched
  said: null,      // {key, values}: what the panel says of the last try
};

const currentExercise = () => exercise.list[exercise.k];
// Whether the board shows the exercise's position with its answer still to find: the review's best move is not shown there.
const answerHidden = () => Boolean(currentExercise()) && !exercise.answered && game.ply === currentExercise().ply;
const exerciseHere = () => Boolean(currentExercise()) && game.ply === currentExercise().ply;

// After a review: its mistakes and blunders, in the game's order.
function collectExercises() {
  exercise.list = reviewed.positions.map((pos, ply) => ({ pos, ply }))
    .filter(({ pos }) => pos.mark && pos.mark.name !== 'inaccuracy' && pos.best);
  exercise.k = -1;
  exercise.said = null;
  showExercise();
}

function dropExercises() {
  exercise.list = [];
  exercise.k = -1;
  showExercise();
}

function startExercise(k) {
  exercise.k = k % exercise.list.length;
  exercise.tries = 0;
  exercise.answered = false;
  exercise.said = null;
  $('side').value = 'both'; // the player moves either side; the engine plays none
  $('analysis').checked = false;
  game.ply = currentExercise().ply;
  draw(); // at once: the review's arrow goes before the position is described again
  refresh();
  showExercise();
}

// A move tried in the exercise's position: the review's best, or one the engine finds as good.
async function tryExercise(move) {
  const ex = currentExercise();
  if (exercise.answered || exercise.checking) return;
  const moves = game.moves.slice(0, ex.ply).map((m) => m.iccs);
  exercise.checking = true;
  exercise.said = { key: 'exercise.checking', values: {} };
  showExercise();
  const name = (await namesOf(game.startFen, moves, move)).chinese;
  let expected = ex.pos.expected;
  if (move !== ex.pos.best) {
    const position = `position fen ${game.startFen}${moves.length ? ' moves ' + moves.join(' ') : ''}`;
    const found = searchSummary(await link.ask(reviewOptions(), [position, `go depth ${Math.max(1, ex.pos.depth)} searchmoves ${move}`], isBest));
    expected = found.best ? found.expected : 0;
  }
  exercise.checking = false;
  const percent = (e) => Math.round(100 * e);
  if (ex.pos.expected - expected <= SOLVED_WITHIN) {
    exercise.answered = true;
    exercise.said = { key: 'exercise.solved', values: { move: name, n: percent(expected) } };
  } else {
    exercise.tries++;
    exercise.answered = exercise.tries >= 2;
    exercise.said = { key: exercise.answered ? 'exercise.answer' : 'exercise.wrong',
      values: { move: name, n: percent(expected), best: ex.pos.bestNames.chinese, m: percent(ex.pos.expected) } };
  }
  showExercise();
  draw();
  showReview();
}

// The hint: the man the review's best move moves, picked up with its points shown.
function exerciseHint() {
  const ex = currentExercise();
  if (!ex || exercise.answered || !exerciseHere()) return;
  game.picked = ex.pos.best.slice(0, 2);
  exercise.said = { key: 'exercise.hint', values: {} };
  draw();
  showExercise();
}

function showExercise() {
  const ex = currentExercise(), n = exercise.list.length;
  $('exercises').hidden = !n;
  if (!n) return;
  const task = ex ? t('exercise.task', { k: exercise.k + 1, n, move: moveLabel(ex.ply), mark: t(`mark.${ex.pos.mark.name}`),
    side: sideName(ex.pos.red ? 'red' : 'black') }) : t('exercise.ready', { n });
  $('exercise-task').textContent = task;
  $('exercise-said').textContent = exercise.said ? t(exercise.said.key, exercise.said.values) : '';
  $('exercise-said').className = exercise.said && exercise.said.key === 'exercise.solved' ? 'solved' : '';
  $('exercise-next').textContent = t(!ex ? 'exercise.start' : exercise.k + 1 < n ? 'exercise.next' : 'exercise.again');
  $('exercise-hint').disabled = !ex || exercise.answered;
}

$('exercise-next').onclick = () => startExercise(exercise.k + 1);
$('exercise-hint').onclick = exerciseHint;
languageListeners.push(showExercise);
