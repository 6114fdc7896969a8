// The accessibility check the dom tests share: axe over a mounted element, without layout.

/** Serious and critical axe findings of an element, as readable lines (colours are judged in Chromium). */
export async function axeFindings(element: Element): Promise<string[]> {
  const { default: axe } = await import('axe-core')
  const result = await axe.run(element, {
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  })
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)
}
