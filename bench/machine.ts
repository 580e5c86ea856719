import os from 'node:os';

/** The machine a measurement ran on, as every benchmark records it with its date. */
export function machineInfo() {
  const cpus = os.cpus();
  const info = {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    ramGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
  };
  return { ...info, label: `${info.cores} × ${info.cpu}, ${info.ramGiB} GiB, node ${info.node}` };
}
