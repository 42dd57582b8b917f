// When the window's script began to run, in ms since the page's navigation began: imported first
// by main.tsx, so the cold-start report can tell WebKit's start from the page's own work.
export const scriptBegan = performance.now();
