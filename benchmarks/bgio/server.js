// boardgame.io 0.50's own Server with its durable FlatFile storage, for benchmarks/load.py --bgio.
//   node server.js --port 8000 --dir /tmp/bgio-store     (binds 127.0.0.1 only)
// --workers is accepted and ignored (one process): load.py passes it to every server it starts.
const { Server, FlatFile } = require('boardgame.io/server');
const { ScorePad, ScorePadTable } = require('./game');

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const port = Number(arg('port', 8000));
const dir = arg('dir');
if (!dir) throw new Error('--dir DIR: where FlatFile keeps the matches');

// node-persist sweeps every file for expired items every 2 minutes, and its sweep stops the
// server when it reads a file a move is writing ("does not look like a valid storage file"):
// no item here expires (no ttl), so the sweep is switched off and boardgame.io runs at its best
class Durable extends FlatFile {
  async connect() {
    await super.connect();
    this.games.stopExpiredKeysInterval();
  }
}

const server = Server({ games: [ScorePad, ScorePadTable], db: new Durable({ dir }), origins: ['http://127.0.0.1'] });
// Server.run listens on every interface: bind loopback only, as the companion's benchmark does
const listen = server.app.listen.bind(server.app);
server.app.listen = (p, callback) => listen(p, '127.0.0.1', callback);
server.run(port);
