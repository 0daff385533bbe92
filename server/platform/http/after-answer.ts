import type { FastifyInstance, FastifyReply } from "fastify";

declare module "fastify" {
  interface FastifyInstance {
    afterAnswer: AfterAnswer;
  }
}

/**
 * Work a request causes but its answer must not wait for (decision 0265: the reset mail of "forgot
 * password", whose cost would otherwise tell which addresses have accounts). It starts once the answer has
 * been handed to the network (or the client has gone), runs detached with its errors logged, and the app
 * waits for whatever is still running before it closes, so none of it is lost on a deploy's stop.
 */
export class AfterAnswer {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: (error: unknown) => void) {}

  run(reply: FastifyReply, work: () => Promise<void>): void {
    const response = reply.raw;
    const answered = new Promise<void>((resolve) => {
      if (response.writableFinished || response.destroyed) return resolve();
      response.once("finish", resolve);
      response.once("close", resolve);
    });
    const task: Promise<void> = answered
      .then(work)
      .catch(this.log)
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /** Resolves once nothing started here is still running (work started meanwhile included). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }
}

export function registerAfterAnswer(app: FastifyInstance): AfterAnswer {
  const afterAnswer = new AfterAnswer((error) => app.log.error({ err: error }, "work after an answer failed"));
  app.decorate("afterAnswer", afterAnswer);
  app.addHook("onClose", () => afterAnswer.settled());
  return afterAnswer;
}
