/**
 * @mantine/core as Mantine's Notifications container sees it (vite.config.ts resolves its import
 * here): the same module, but `RemoveScroll` is only the two class names the container reads
 * (`RemoveScroll.classNames.fullWidth`). The real one is react-remove-scroll's whole scroll lock
 * (about 4 KB gzip), which only modals and drawers use, in their own lazy chunks. The names are
 * react-remove-scroll-bar's, which the modals' scroll lock looks for.
 */
export * from '@mantine/core';

export const RemoveScroll = {
  classNames: { fullWidth: 'width-before-scroll-bar', zeroRight: 'right-scroll-bar-position' },
};
