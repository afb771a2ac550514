// puppeteer-core never downloads a browser; this guards against a stray `puppeteer` install doing so.
module.exports = { skipDownload: true };
