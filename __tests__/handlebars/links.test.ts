import {
  describeBar,
  lengthAware,
  PAGE_10_OF_20_ONE_EACH_SIDE,
  simple,
  tagsOf,
} from './html-inspect'

describe('paginator.links(): the numbered bar', () => {
  it('renders the window of a middle page with gaps, current page and rel links', async () => {
    const html = await lengthAware(10, 200).links()
    expect(describeBar(html)).toEqual([
      '<',
      '1',
      '2',
      '...',
      '7',
      '8',
      '9',
      '[10]',
      '11',
      '12',
      '13',
      '...',
      '19',
      '20',
      '>',
    ])
  })

  it('renders the first and last pages with a disabled previous / next', async () => {
    expect(describeBar(await lengthAware(1, 200).links())).toEqual([
      '(<)',
      '[1]',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '...',
      '19',
      '20',
      '>',
    ])
    expect(describeBar(await lengthAware(20, 200).links())).toEqual([
      '<',
      '1',
      '2',
      '...',
      '11',
      '12',
      '13',
      '14',
      '15',
      '16',
      '17',
      '18',
      '19',
      '[20]',
      '(>)',
    ])
  })

  it('renders a page past the last without a current page and says "Showing 0"', async () => {
    const html = await lengthAware(99, 50).links()
    expect(describeBar(html)).toEqual(['<', '1', '2', '3', '4', '5', '(>)'])
    expect(html).not.toContain('aria-current')
    expect(tagsOf(html).find((t) => t.attrs.rel === 'prev')?.attrs.href).toBe('/posts?page=98')
    expect(html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ')).toContain('Showing 0 of 50 results')
  })

  it('renders nothing on a single page, and nothing for an empty result', async () => {
    expect(await lengthAware(1, 10).links()).toBe('')
    expect(await lengthAware(1, 0).links()).toBe('')
  })

  it('says "Showing X to Y of Z results" and "Page X of Y" on narrow screens', async () => {
    const text = (await lengthAware(3, 95).links()).replace(/<[^>]+>/g, '').replace(/\s+/g, ' ')
    expect(text).toContain('Showing 21 to 30 of 95 results')
    expect(text).toContain('Page 3 of 10')
  })

  it('follows onEachSide(n)', async () => {
    const html = await lengthAware(10, 200).onEachSide(1).links()
    expect(describeBar(html)).toEqual(PAGE_10_OF_20_ONE_EACH_SIDE)
    const none = await lengthAware(10, 200).onEachSide(0).links()
    expect(describeBar(none)).toEqual(['<', '1', '2', '...', '[10]', '...', '19', '20', '>'])
  })

  it('matches the snapshot of a middle page', async () => {
    expect(await lengthAware(10, 200).links()).toMatchSnapshot()
  })
})

describe('paginator.links(): accessibility', () => {
  it('is a nav with an aria-label', async () => {
    const [nav] = tagsOf(await lengthAware(2, 30).links())
    expect(nav.name).toBe('nav')
    expect(nav.attrs['aria-label']).toBe('Pagination')
  })

  it('marks the current page with aria-current and does not make it a link', async () => {
    const tags = tagsOf(await lengthAware(4, 100).links())
    const current = tags.filter((t) => t.attrs['aria-current'] !== undefined)
    // the narrow bar's "Page 4 of 10", then the wide bar's page 4 (one of the two is shown)
    const span = expect.objectContaining({
      name: 'span',
      attrs: expect.objectContaining({ 'aria-current': 'page' }),
      text: '4',
    })
    expect(current).toEqual([span, span])
    expect(tags.some((t) => t.name === 'a' && t.text === '4')).toBe(false)
  })

  it('names every page link "Go to page N" and points it at that page', async () => {
    const links = tagsOf(await lengthAware(4, 100).links()).filter(
      (t) => t.name === 'a' && t.attrs.rel === undefined,
    )
    expect(links).toHaveLength(9)
    for (const link of links) {
      expect(link.attrs['aria-label']).toBe(`Go to page ${link.text}`)
      expect(link.attrs.href).toBe(`/posts?page=${link.text}`)
    }
  })

  it('puts rel="prev"/"next" on enabled previous/next links only', async () => {
    const tags = tagsOf(await lengthAware(4, 100).links())
    const prev = tags.filter((t) => t.attrs.rel === 'prev')
    const next = tags.filter((t) => t.attrs.rel === 'next')
    expect(prev.map((t) => [t.name, t.attrs.href])).toEqual([
      ['a', '/posts?page=3'],
      ['a', '/posts?page=3'],
    ])
    expect(next.map((t) => [t.name, t.attrs.href])).toEqual([
      ['a', '/posts?page=5'],
      ['a', '/posts?page=5'],
    ])
  })

  it('renders disabled previous/next as aria-disabled spans, not links', async () => {
    const tags = tagsOf(await lengthAware(1, 100).links())
    const disabled = tags.filter((t) => t.attrs['aria-disabled'] === 'true')
    expect(disabled.map((t) => t.name)).toEqual(['span', 'span'])
    expect(tags.filter((t) => t.attrs.rel === 'prev')).toEqual([])
    const last = tagsOf(await lengthAware(10, 100).links())
    expect(last.filter((t) => t.attrs.rel === 'next')).toEqual([])
    expect(last.filter((t) => t.attrs['aria-disabled'] === 'true')).toHaveLength(2)
  })

  it('names every icon and gives it a size of its own (readable without a stylesheet)', async () => {
    for (const page of [1, 3, 10]) {
      const svgs = tagsOf(await lengthAware(page, 100).links()).filter((t) => t.name === 'svg')
      expect(svgs.map((svg) => [svg.attrs.role, svg.attrs['aria-label']])).toEqual([
        ['img', 'Previous'],
        ['img', 'Next'],
      ])
      for (const svg of svgs) {
        expect(svg.attrs.focusable).toBe('false')
        expect([svg.attrs.width, svg.attrs.height]).toEqual(['20', '20'])
      }
    }
    for (const svg of tagsOf(await simple(2, true).links()).filter((t) => t.name === 'svg')) {
      expect(svg.attrs['aria-hidden']).toBe('true') // beside the words Previous / Next
      expect([svg.attrs.width, svg.attrs.height]).toEqual(['20', '20'])
    }
  })

  it("hides the narrow screens' bar without a stylesheet, and has no visually hidden text", async () => {
    const html = await lengthAware(3, 100).links()
    const tags = tagsOf(html)
    const narrow = tags.filter((t) => t.attrs.hidden !== undefined)
    expect(narrow.map((t) => [t.name, t.attrs.class])).toEqual([
      ['div', expect.stringMatching(/(^| )flex( |$).* sm:hidden/)],
    ])
    expect(html).not.toContain('sr-only')
  })
})

describe('paginator.links(): the simple bar', () => {
  it('renders previous and next only', async () => {
    const tags = tagsOf(await simple(2, true).links())
    expect(
      tags.filter((t) => t.name === 'a').map((t) => [t.attrs.rel, t.attrs.href, t.text]),
    ).toEqual([
      ['prev', '/comments?page=1', 'Previous'],
      ['next', '/comments?page=3', 'Next'],
    ])
    expect(tags.some((t) => t.attrs['aria-current'] !== undefined)).toBe(false)
    expect(tags.some((t) => t.attrs['aria-label']?.startsWith('Go to page'))).toBe(false)
  })

  it('disables previous on the first page and next on the last', async () => {
    const first = tagsOf(await simple(1, true).links())
    expect(first.filter((t) => t.attrs['aria-disabled'] === 'true').map((t) => t.text)).toEqual([
      'Previous',
    ])
    const last = tagsOf(await simple(3, false).links())
    expect(last.filter((t) => t.attrs['aria-disabled'] === 'true').map((t) => t.text)).toEqual([
      'Next',
    ])
    expect(last.filter((t) => t.attrs.rel === 'next')).toEqual([])
  })

  it('renders nothing on page 1 without a next page', async () => {
    expect(await simple(1, false).links()).toBe('')
  })

  it('matches the snapshot', async () => {
    expect(await simple(2, true).links()).toMatchSnapshot()
  })

  it('renders "pagination::simple" for a length-aware paginator when asked', async () => {
    const html = await lengthAware(3, 100).links('pagination::simple')
    expect(
      tagsOf(html)
        .filter((t) => t.name === 'a')
        .map((t) => t.attrs.rel),
    ).toEqual(['prev', 'next'])
  })
})
