/**
 * The version of the server's public protocol: the JSON shapes of every custom `ewzanim/…`
 * request and notification (protocol/describe.ts, listing.ts, clipLinks.ts, serverStatus.ts),
 * which editors other than VS Code (Neovim, Helix, Zed, Emacs) call. Answered by
 * `ewzanim/serverInfo` as `protocolVersion`.
 *
 * Raised by one for every change a client could notice: a field removed, renamed, retyped or
 * given new values. Each raise is pinned by the checked-in examples in `test/fixtures/wire/`
 * and has its entry in the changelog. Adding an optional field does not raise it.
 */
export const PROTOCOL_VERSION = 1;
