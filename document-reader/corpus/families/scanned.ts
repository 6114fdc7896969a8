// A text family photographed with a phone or sent by fax, with the harder corpus's degradations (../hard.ts).
// The values are the layout's own; only the pixels differ. Both degradations keep only the first page, so
// the base document is the first one from `seed` on (in steps that never meet another document's seed)
// whose invoice fits a page.
import { fax, phonePhoto } from '../hard.ts'
import { rng } from '../generate.ts'
import type { CorpusDocument } from './facts.ts'

type Generate = (seed: number) => Promise<CorpusDocument>

async function onePage(generate: Generate, seed: number): Promise<CorpusDocument> {
  let base = await generate(seed)
  for (let k = 1; base.pages > 1; k++) base = await generate(seed + k * 100_003)
  return base
}

type Degrade = (
  pdf: Uint8Array,
  seed: number,
) => Promise<{ bytes: Uint8Array; format: CorpusDocument['format']; how: string }>

function degraded(family: string, generate: Generate, onePageOnly: boolean, degrade: Degrade): Generate {
  return async (seed) => {
    const base = onePageOnly ? await onePage(generate, seed) : await generate(seed)
    const { bytes, format, how } = await degrade(base.bytes, seed)
    return {
      ...base,
      family,
      seed,
      format,
      bytes,
      scanned: true,
      variant: `${base.variant},${how}-${format}`,
      original: base.bytes,
    }
  }
}

/** `generate`'s documents photographed; `salt` keeps each family's degradations its own. */
export function photographed(family: string, generate: Generate, salt: number, onePageOnly = true): Generate {
  return degraded(family, generate, onePageOnly, async (pdf, seed) => ({
    ...(await phonePhoto(pdf, rng((seed + 1) * 3266489917 + salt))),
    how: 'photo',
  }))
}

/** `generate`'s documents sent by fax; `salt` keeps each family's degradations its own. */
export function faxed(family: string, generate: Generate, salt: number): Generate {
  return degraded(family, generate, true, async (pdf, seed) => ({
    ...(await fax(pdf, rng((seed + 1) * 668265263 + salt))),
    how: 'fax',
  }))
}
