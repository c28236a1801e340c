import type { Page } from '@playwright/test';

/** What sticks out past the right edge that no scrolling box holds (up to four, for the message), and the page's width. */
export function sideways(page: Page) {
  return page.evaluate(() => {
    const inScroller = (element: Element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) if (/(auto|scroll|hidden)/.test(getComputedStyle(box).overflowX)) return true;
      return false;
    };
    const sticking = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && !inScroller(element))
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 3).join('.')}`);
    return { scrollWidth: document.documentElement.scrollWidth, sticking: document.documentElement.scrollWidth > innerWidth ? sticking.slice(0, 4) : [] };
  });
}
