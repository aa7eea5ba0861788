/** The part of autocannon 9's API the load runner uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before each send of this request; returns the request to send. */
    setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest | null;
  }

  export interface AutocannonClient extends EventEmitter {
    setRequests(requests: AutocannonRequest[]): void;
  }

  export interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    maxOverallRequests?: number;
    timeout?: number;
    requests?: AutocannonRequest[];
    setupClient?: (client: AutocannonClient) => void;
  }

  export interface AutocannonResult {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }

  export interface AutocannonInstance extends EventEmitter {
    on(event: 'response', listener: (client: AutocannonClient, statusCode: number, resBytes: number, responseTime: number) => void): this;
    on(event: 'done', listener: (result: AutocannonResult) => void): this;
    stop(): void;
  }

  function autocannon(options: AutocannonOptions, callback?: (err: Error | null, result: AutocannonResult) => void): AutocannonInstance;
  export default autocannon;
}
