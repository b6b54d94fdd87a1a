import Testing
@testable import FolioSearch
