import type { Page } from '@playwright/test';

/** The page's elements that reach past either side of the screen, none when it all fits. */
export const pastTheScreen = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')].filter((element) => {
      const box = element.getBoundingClientRect();
      return (
        box.width > 0 && element.checkVisibility() && (box.left < -0.5 || box.right > width + 0.5)
      );
    });
    const names = wide.map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    return document.documentElement.scrollWidth > width ? ['the page', ...names] : names;
  });
