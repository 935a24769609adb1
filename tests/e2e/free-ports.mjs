// Prints a first port P such that P … P+COUNT-1 are all free to listen on at 127.0.0.1 — one
// server per Playwright worker. Ports come from below the kernel's ephemeral range: an outgoing
// connection (a database client, Chromium) takes its local port at random from that range and
// once took a server's port there (CI: EADDRINUSE). Run as a child by workers.ts, which must
// decide synchronously while Playwright loads its config.
import fs from "node:fs";
import net from "node:net";

const count = Number(process.argv[2] ?? 8);
const ephemeralStart = () => {
  try {
    return Number(fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768; // Linux's default; other systems start higher
  }
};
const canListen = (port) =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });

const low = 10000;
const high = Math.max(low + 1000, ephemeralStart()) - count;
for (let attempt = 0; attempt < 50; attempt++) {
  const first = low + Math.floor(Math.random() * (high - low));
  let free = true;
  for (let port = first; port < first + count && free; port++) free = await canListen(port);
  if (free) {
    console.log(first);
    process.exit(0);
  }
}
console.error(`no ${count} free consecutive ports between ${low} and ${high + count}`);
process.exit(1);
