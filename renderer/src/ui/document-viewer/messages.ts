// Strings of the document viewer (merged as `viewer`).
const en = {
  document: 'Document',
  toolbar: 'Document tools',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  zoomLevel: 'Zoom {percent} %',
  fitWidth: 'Fit width',
  rotateLeft: 'Rotate left',
  rotateRight: 'Rotate right',
  pageOf: 'Page {page} of {pages}',
  pages: 'Pages',
  goToPage: 'Go to page {page}',
  page: 'Page {page}',
  loading: 'Opening the document…',
  none: 'No document to show.',
  errors: {
    'unsupported-type': 'This file cannot be shown: it is not a PDF, PNG, JPEG or TIFF document.',
    'unreadable-document': 'This file cannot be shown: it is damaged or not what its name says.',
  },
}

const nb: typeof en = {
  document: 'Dokument',
  toolbar: 'Dokumentverktøy',
  zoomIn: 'Zoom inn',
  zoomOut: 'Zoom ut',
  zoomLevel: 'Zoom {percent} %',
  fitWidth: 'Tilpass bredden',
  rotateLeft: 'Roter mot venstre',
  rotateRight: 'Roter mot høyre',
  pageOf: 'Side {page} av {pages}',
  pages: 'Sider',
  goToPage: 'Gå til side {page}',
  page: 'Side {page}',
  loading: 'Åpner dokumentet …',
  none: 'Ingen dokument å vise.',
  errors: {
    'unsupported-type': 'Filen kan ikke vises: den er ikke et PDF-, PNG-, JPEG- eller TIFF-dokument.',
    'unreadable-document': 'Filen kan ikke vises: den er skadet eller ikke det navnet sier.',
  },
}

export default { en, nb }
