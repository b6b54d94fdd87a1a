import FolioCore
import FolioLayout
import FolioPublication
import FolioReader
import FolioStyle
import FoundationEssentials

/// What lasts of a reader's time with a book: where they were, their bookmarks and settings,
/// loaded when the pager opens and saved (atomically) as they read.
public final class ReadingSession {
    let store: StateStore
    let key: BookKey
    public private(set) var state: BookState
    /// The book's settings over the global defaults.
    public let settings: ReadingSettings
    private var saved: BookState
    private var failedToSave = false
    /// The pager's settings when last recorded: a setting that differs from it was changed by
    /// the reader.
    private var recordedSettings: ReadingSettings?

    public init(publication: Publication, directories: StateDirectories = .from()) {
        store = StateStore(directories: directories, diagnostics: Diagnostics())
        key = BookKey(publication: publication)
        state = store.loadBook(key)
        saved = state
        settings = state.settings.merged(over: store.loadSettings().reading)
        // What `folio history` lists: the book as last opened, and when.
        let authors = publication.metadata.creators.map(\.name).joined(separator: ", ")
        state.book = BookDescription(identifier: publication.metadata.uniqueIdentifier, title: publication.metadata.title,
                                     location: publication.location, authors: authors.isEmpty ? nil : authors)
        state.lastRead = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
    }

    /// Warnings from reading the saved state (a corrupt file, say), for the status line.
    public var warnings: [String] { store.diagnostics.warnings.map(\.message) }

    /// The first time a book is opened it shows its jacket.
    public var showJacket: Bool { !state.jacketShown }

    public var theme: ReaderSettings.Theme? { settings.theme.flatMap(ReaderSettings.Theme.init(rawValue:)) }

    /// Where to reopen, in this layout.
    public func startLocator(in layout: BookLayout) -> Locator? {
        state.position?.locator(in: layout)
    }

    /// The pager's settings as they are now, every one given.
    static func settings(of pager: Pager) -> ReadingSettings {
        ReadingSettings(theme: pager.theme.rawValue, textSizeStep: pager.textStep, fontFamily: pager.book.font.rawValue,
                        displayMode: pager.wantsImagePages ? "image" : "cells", scrollMode: pager.scrolling,
                        hyphens: pager.book.hyphens.rawValue, justify: pager.book.justification.rawValue,
                        progressBar: pager.showsProgressBar)
    }

    /// The pager's settings as it opened: what the reader changes from here on is recorded.
    public func begin(_ pager: Pager) {
        recordedSettings = Self.settings(of: pager)
    }

    /// Takes the pager's position, settings and bookmarks and saves them when they changed. A
    /// setting the reader changed becomes the default of every book (`settings.json`) and this
    /// book's own choice.
    public func record(_ pager: Pager) {
        var next = state
        next.jacketShown = true
        if let page = pager.currentPage, pager.book.readingOrder.contains(page.spineIndex) || state.position == nil {
            let reading = pager.readingLocator
            let cfi = reading == page.start ? page.cfi : pager.book.layout.cfi(of: reading)
            next.position = ReadingPosition(locator: reading, cfi: cfi)
        }
        if let share = pager.book.textProgress(pager.position)?.share { next.progress = share }
        let now = Self.settings(of: pager)
        if let recorded = recordedSettings {
            let changes = now.changes(from: recorded)
            if !changes.isEmpty {
                next.settings = changes.merged(over: next.settings)
                saveGlobal(changes, pager: pager)
            }
        }
        recordedSettings = now
        next.highlights = pager.highlights
        while !next.bookmarks.isEmpty { _ = next.removeBookmark(at: 0) }
        for mark in pager.bookmarks { _ = next.addBookmark(mark) }
        state = next
        guard next != saved, !failedToSave else { return }
        do {
            try store.saveBook(next, for: key)
            saved = next
        } catch {
            // Reading goes on; the reader is told once.
            failedToSave = true
            pager.message = "Cannot save the reading position: \(error.reason)"
        }
    }

    /// Writes settings the reader changed into the global defaults, over what the file holds now
    /// (another Folio may have written it since this one opened).
    private func saveGlobal(_ changes: ReadingSettings, pager: Pager) {
        var global = store.loadSettings()
        global.reading = changes.merged(over: global.reading)
        do {
            try store.saveSettings(global)
        } catch {
            pager.message = "Cannot save the settings: \(error.reason)"
        }
    }
}
