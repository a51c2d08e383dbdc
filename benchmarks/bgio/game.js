// A score pad for 4 players in boardgame.io 0.50: score(seat, points) appends an entry to that
// seat's list and the game keeps every entry, so the state grows with the log as the
// companion's events do. Seat 0's phone enters every seat's points in one endless turn; undo is
// off because boardgame.io keeps a copy of the state per move of the turn for it (the state
// would grow with the square of the log), where the companion's undo replays its log.
const { INVALID_MOVE, ActivePlayers } = require('boardgame.io/core');

const ScorePad = {
  name: 'scorepad',
  minPlayers: 4,
  maxPlayers: 4,
  setup: ({ ctx }) => ({ entries: Array.from({ length: ctx.numPlayers }, () => []) }),
  disableUndo: true,
  moves: {
    score: ({ G }, seat, points) => {
      if (!Array.isArray(G.entries[seat]) || !Number.isInteger(points)) return INVALID_MOVE;
      G.entries[seat].push({ points, note: '' });
    },
  },
};

// The same score pad at a table of four (load.py's "table of four"): every seat's phone enters
// its own points whenever it likes, as each seated phone does at the companion's score pad, so
// every player is active for the whole endless turn.
const ScorePadTable = { ...ScorePad, name: 'scorepad-table', turn: { activePlayers: ActivePlayers.ALL } };

module.exports = { ScorePad, ScorePadTable };
