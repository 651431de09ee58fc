/**
 * Table.ScrollContainer with Mantine's ScrollArea in it (table-scroll-area.tsx says why the
 * container does not bring it itself): the tables that scroll sideways take it from here.
 */
import { ScrollArea, Table } from '@mantine/core';
import { provideTableScrollArea } from './table-scroll-area';

provideTableScrollArea(ScrollArea);

export const TableScrollContainer = Table.ScrollContainer;
