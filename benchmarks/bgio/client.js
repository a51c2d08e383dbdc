// Measures a boardgame.io server (server.js) through boardgame.io's own Client over its socket.io
// multiplayer transport; prints one JSON line.
//   node client.js tap URL [--moves 10,1000,3000] [--taps 30]   median ms of a move on one match
//       as it reaches each count (moves sent without waiting until then)
//   node client.js b2b URL [--tables 50] [--seconds 10]    matches sending moves back to back
// A move's time runs from client.moves.score() to the server's update carrying the new stateID,
// as the transport delivers it (the client's own optimistic update does not count). b2b prints
// "go" when its timed phase starts, so load.py can read the server's CPU time around it.
const { Client } = require('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer');
const { ScorePad } = require('./game');

const [mode, url] = process.argv.slice(2);
function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}
const TIMEOUT = 5000; // ms, as load.py's requests

async function post(path, body) {
  const r = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`${path}: ${r.status}`);
  return r.json();
}

// A match of four seats with the phone of seat 0 joined, connected and synced.
async function table() {
  const { matchID } = await post('/games/scorepad/create', { numPlayers: 4 });
  const { playerCredentials } = await post(`/games/scorepad/${matchID}/join`, { playerID: '0', playerName: 'A' });
  const client = Client({ game: ScorePad, matchID, playerID: '0', credentials: playerCredentials, multiplayer: SocketIO({ server: url, socketOpts: { transports: ['websocket'] } }), debug: false });
  const waiters = new Map(); // stateID -> resolve, for the server's updates
  let serverStateID = -1;
  const receive = client.receiveTransportData.bind(client);
  client.receiveTransportData = (data) => {
    receive(data);
    const id = data.type === 'update' ? data.args[1]._stateID : data.type === 'sync' ? data.args[1].state._stateID : undefined;
    if (id === undefined) return;
    serverStateID = Math.max(serverStateID, id);
    for (const [want, resolve] of waiters) if (want <= serverStateID) (waiters.delete(want), resolve());
  };
  const server = (stateID, timeout = TIMEOUT) =>
    stateID <= serverStateID
      ? Promise.resolve()
      : new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no update ${stateID} in ${timeout} ms`)), timeout);
          waiters.set(stateID, () => (clearTimeout(timer), resolve()));
        });
  client.start();
  await server(0, 60000);
  let n = 0;
  return {
    client,
    made: () => n,
    // one move; resolves when the server's update for it arrives
    move(points) {
      client.moves.score(n++ % 4, points);
      return server(client.getState()._stateID);
    },
    // many moves sent without waiting (the server takes one match's moves one at a time, in order)
    async fill(count) {
      for (let i = 0; i < count; i += 50) {
        for (let j = i; j < Math.min(count, i + 50); j++) client.moves.score(n++ % 4, 1);
        await server(client.getState()._stateID, 60000);
      }
    },
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const now = () => Number(process.hrtime.bigint()) / 1e6;

async function tap() {
  const t = await table();
  const out = {};
  for (const moves of arg('moves', '10,1000,3000').split(',').map(Number)) {
    await t.fill(moves - t.made());
    const times = [];
    for (let i = 0; i < Number(arg('taps', 30)); i++) {
      const start = now();
      await t.move(3);
      times.push(now() - start);
    }
    out[moves] = median(times);
  }
  t.client.stop();
  return out;
}

async function b2b() {
  const tables = Number(arg('tables', 50));
  const seconds = Number(arg('seconds', 10));
  const all = [];
  for (let i = 0; i < tables; i++) all.push(await table());
  const counts = new Array(tables).fill(0);
  const times = [];
  let errors = 0;
  console.log('go');
  const stop = now() + seconds * 1000;
  await Promise.all(
    all.map(async (t, i) => {
      while (now() < stop) {
        const start = now();
        try {
          await t.move(2);
        } catch {
          errors++; // the server answered nothing: this table stops
          return;
        }
        times.push(now() - start);
        counts[i]++;
      }
    }),
  );
  const moves = counts.reduce((a, b) => a + b, 0);
  times.sort((a, b) => a - b);
  const out = { 'moves/s': moves / seconds, 'min/mean': Math.min(...counts) / (moves / tables), p99: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))], errors };
  for (const t of all) t.client.stop();
  return out;
}

(mode === 'tap' ? tap() : b2b()).then(
  (result) => {
    console.log(JSON.stringify(result));
    process.exit(0);
  },
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
