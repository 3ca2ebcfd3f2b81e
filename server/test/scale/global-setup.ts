import { buildServer } from '../built-server';

/** The several-node, fault and load tests run the server as deployed: built once, up front. */
export default function globalSetup() {
  buildServer();
}
