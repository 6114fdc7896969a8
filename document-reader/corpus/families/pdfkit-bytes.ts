// The PDF bytes of a PDFKit document that has been ended (microinvoice and pdfmake both hand one back), and the
// typed face of the PDFKit documents the families draw themselves.

export interface PdfKitStream {
  on(event: 'data', listener: (chunk: Buffer) => void): unknown
  on(event: 'end', listener: () => void): unknown
  on(event: 'error', listener: (error: Error) => void): unknown
}

/** The drawing calls of PDFKit's document that the families use. */
export interface PdfKitDocument extends PdfKitStream {
  font(name: string): this
  fontSize(size: number): this
  fillColor(color: string): this
  strokeColor(color: string): this
  lineWidth(width: number): this
  text(
    text: string,
    x: number,
    y: number,
    options?: { width?: number; align?: string; lineBreak?: boolean },
  ): this
  widthOfString(text: string): number
  rect(x: number, y: number, w: number, h: number): this
  moveTo(x: number, y: number): this
  lineTo(x: number, y: number): this
  dash(length: number, options: { space: number }): this
  undash(): this
  stroke(): this
  fill(color?: string): this
  addPage(options?: unknown): this
  end(): void
}

export function pdfKitBytes(doc: PdfKitStream): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    doc.on('data', (chunk) => chunks.push(chunk))
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))))
    doc.on('error', reject)
  })
}
