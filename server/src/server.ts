/**
 * `node dist/server/server.js [--stdio | --node-ipc | --socket=PORT]`: the language server
 * (startServer.ts) on the transport named, stdio by default. `ewzanim lsp --stdio` is the same.
 */
import { startServer } from './startServer';
import { nodeRuntime } from './runtimeNode';
import { createServerConnection, transportFromArgs } from './transport';

startServer(createServerConnection(transportFromArgs(process.argv.slice(2))), nodeRuntime);
