// Work for one key (a company, a supplier) run one at a time, in the order it was asked for; work for other keys
// runs beside it. A failed turn does not stop the next. A key's queue is dropped once its last turn has ended.
export function createKeyedTurns(): <T>(key: string, run: () => Promise<T>) => Promise<T> {
  const turns = new Map<string, Promise<unknown>>()
  return function inTurn<T>(key: string, run: () => Promise<T>): Promise<T> {
    const before = turns.get(key) ?? Promise.resolve()
    const mine = before.then(run)
    const settled = mine.catch(() => undefined)
    turns.set(key, settled)
    void settled.then(() => {
      if (turns.get(key) === settled) turns.delete(key)
    })
    return mine
  }
}
