// A single diff in a loop, for profilers (valgrind --tool=callgrind, perf).
import BenchmarkSupport
import DiffableCore

let count = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 5_000
var random = BenchmarkRandom()
let oldItems = Array(0..<count)
var newItems = oldItems
newItems.removeSubrange(count * 2 / 5..<count * 3 / 5)
newItems.insert(contentsOf: count..<count + count / 5, at: count * 3 / 5)
newItems[0..<count / 25].shuffle(using: &random)
var old = DiffableDataSourceSnapshot<Int, Int>()
old.appendSections([0])
old.appendItems(oldItems)
var new = DiffableDataSourceSnapshot<Int, Int>()
new.appendSections([0])
new.appendItems(newItems)
var total = 0
for _ in 0..<200 { total &+= BatchUpdate(from: old, to: new).count }
print(total)
