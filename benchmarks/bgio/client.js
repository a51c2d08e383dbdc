// Measures a boardgame.io server (server.js) through boardgame.io's own Client over its socket.io
// multiplayer transport; prints one JSON line.
//   node client.js tap URL [--moves 10,1000,3000] [--taps 30]   median ms of a move on one match
//       as it reaches each count (moves sent without waiting until then)
//   node client.js b2b URL [--tables 50] [--seconds 10]    matches sending moves back to back
//   node client.js four URL [--tables 50] [--seconds 10]   a table of four: four clients (one per
//       seat) on each match; one of them moves, the next seat's phone the next move, and a
//       table-move counts once all four clients have the server's update carrying it
// A move's time runs from client.moves.score() to the server's update carrying the new stateID,
// as the transport delivers it (the client's own optimistic update does not count). b2b and four
// print "go" when their timed phase starts, so load.py can read the server's CPU time around it.
const { Client } = require('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer');
const { ScorePad, ScorePadTable } = require('./game');

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

// One seat's phone: boardgame.io's Client for that seat, connected and synced. server(stateID)
// resolves once the server's update carrying that stateID (or a later one) has arrived; with
// `counted`, the updates received and their bytes (the message's JSON, as socket.io sends it)
// are added up (not in the other modes: it would add to the time of the move measured).
async function phone(game, matchID, playerID, credentials, counted = false) {
  const client = Client({ game, matchID, playerID, credentials, multiplayer: SocketIO({ server: url, socketOpts: { transports: ['websocket'] } }), debug: false });
  const waiters = new Map(); // stateID -> resolve, for the server's updates
  let serverStateID = -1;
  const me = { client, updates: 0, bytes: 0 };
  const receive = client.receiveTransportData.bind(client);
  client.receiveTransportData = (data) => {
    receive(data);
    const id = data.type === 'update' ? data.args[1]._stateID : data.type === 'sync' ? data.args[1].state._stateID : undefined;
    if (id === undefined) return;
    if (counted && data.type === 'update') (me.updates++, (me.bytes += JSON.stringify(['update', ...data.args]).length));
    serverStateID = Math.max(serverStateID, id);
    for (const [want, resolve] of waiters) if (want <= serverStateID) (waiters.delete(want), resolve());
  };
  me.server = (stateID, timeout = TIMEOUT) =>
    stateID <= serverStateID
      ? Promise.resolve()
      : new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no update ${stateID} in ${timeout} ms`)), timeout);
          waiters.set(stateID, () => (clearTimeout(timer), resolve()));
        });
  client.start();
  await me.server(0, 60000);
  return me;
}

// A match of four seats with the phone of seat 0 joined, connected and synced.
async function table() {
  const { matchID } = await post('/games/scorepad/create', { numPlayers: 4 });
  const { playerCredentials } = await post(`/games/scorepad/${matchID}/join`, { playerID: '0', playerName: 'A' });
  const { client, server } = await phone(ScorePad, matchID, '0', playerCredentials);
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
  let cpu = process.cpuUsage();
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
  cpu = process.cpuUsage(cpu);
  const out = {
    'moves/s': moves / seconds,
    'min/mean': Math.min(...counts) / (moves / tables),
    p99: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))],
    errors,
    'client cpu': (cpu.user + cpu.system) / 1e6,
  };
  for (const t of all) t.client.stop();
  return out;
}

// A table of four: every seat joined and its own client connected; the seat that enters points
// turns with every table-move, as load.py's companion phones do.
async function four() {
  const tables = Number(arg('tables', 50));
  const seconds = Number(arg('seconds', 10));
  const all = [];
  for (let i = 0; i < tables; i++) {
    const { matchID } = await post('/games/scorepad-table/create', { numPlayers: 4 });
    const seats = [];
    for (const playerID of ['0', '1', '2', '3']) {
      const { playerCredentials } = await post(`/games/scorepad-table/${matchID}/join`, { playerID, playerName: `P${playerID}` });
      seats.push(await phone(ScorePadTable, matchID, playerID, playerCredentials, true));
    }
    all.push(seats);
  }
  const counts = new Array(tables).fill(0);
  const times = [];
  let errors = 0;
  for (const seats of all) for (const s of seats) s.updates = s.bytes = 0;
  let cpu = process.cpuUsage();
  console.log('go');
  const stop = now() + seconds * 1000;
  await Promise.all(
    all.map(async (seats, i) => {
      while (now() < stop) {
        const start = now();
        const tapper = seats[counts[i] % 4];
        tapper.client.moves.score(Number(tapper.client.playerID), 2);
        const stateID = tapper.client.getState()._stateID;
        try {
          await Promise.all(seats.map((s) => s.server(stateID)));
        } catch {
          errors++; // a phone was sent nothing: this table stops
          return;
        }
        times.push(now() - start);
        counts[i]++;
      }
    }),
  );
  cpu = process.cpuUsage(cpu);
  const moves = counts.reduce((a, b) => a + b, 0);
  const phones = all.flat();
  const updates = phones.reduce((a, s) => a + s.updates, 0);
  times.sort((a, b) => a - b);
  const out = {
    'moves/s': moves / seconds,
    'min/mean': Math.min(...counts) / (moves / tables),
    p50: times[Math.floor(times.length / 2)],
    p99: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))],
    errors,
    'bytes per update': phones.reduce((a, s) => a + s.bytes, 0) / Math.max(updates, 1),
    'updates per move': updates / Math.max(moves, 1),
    'client cpu': (cpu.user + cpu.system) / 1e6, // seconds of this process's CPU over the timed phase
  };
  for (const s of phones) s.client.stop();
  return out;
}

({ tap, b2b, four })[mode]().then(
  (result) => {
    console.log(JSON.stringify(result));
    process.exit(0);
  },
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
