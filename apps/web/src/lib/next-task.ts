/** Resolves in a task of its own: what came before has let the browser paint and handle input. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))
