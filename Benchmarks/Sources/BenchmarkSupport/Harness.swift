import Foundation

/// One contestant in a scenario: a name and the work to time. The work
/// returns a value that is folded into a checksum, so the optimizer cannot
/// drop it.
public struct Contestant {
  public var name: String
  public var work: () -> Int

  public init(_ name: String, _ work: @escaping () -> Int) {
    self.name = name
    self.work = work
  }
}

/// A contestant whose work is asynchronous: before each repetition,
/// `prepare` runs untimed (to put the system back in its starting state),
/// then `work` runs timed.
public struct AsyncContestant {
  public var name: String
  public var prepare: () async -> Void
  public var work: () async -> Int

  public init(
    _ name: String, prepare: @escaping () async -> Void = {}, _ work: @escaping () async -> Int
  ) {
    self.name = name
    self.prepare = prepare
    self.work = work
  }
}

/// Runs scenarios: each contestant is timed `runs` times, interleaved with
/// the others (A B C A B C ...) so that drift in the machine's speed hits
/// them all alike; the median is reported, with its ratio to the first
/// contestant, the floor.
///
/// A contestant that takes less than `minimumSample` is repeated within each
/// sample until the sample lasts about that long, and its time per repetition
/// is reported: a single run of a sub-millisecond workload says more about
/// the timer and the caches than about the code.
public struct Harness {
  public var runs: Int
  public var minimumSample: Double
  public var lines: [String] = []
  var checksum = 0

  /// Creates a harness.
  ///
  /// - Parameters:
  ///   - runs: The samples to take of each contestant, unless the `RUNS`
  ///     environment variable gives another number.
  ///   - minimumSample: The shortest sample, in seconds.
  ///
  /// In a smoke run (see ``isSmokeRun``) every contestant runs once, with no
  /// repetition, whatever `runs` and `RUNS` say.
  public init(runs: Int = 7, minimumSample: Double = 0.02) {
    if isSmokeRun {
      self.runs = 1
      self.minimumSample = 0
      print("Smoke run (BENCHMARK_SMOKE=1): sizes divided by 100, one sample each.")
      print("It checks that every scenario still runs; its figures mean nothing.")
    } else {
      self.runs = ProcessInfo.processInfo.environment["RUNS"].flatMap { Int($0) } ?? runs
      self.minimumSample = minimumSample
    }
  }

  /// Times the contestants and prints one line each: median and ratio to the
  /// first. Returns the medians in seconds.
  @discardableResult
  public mutating func scenario(_ title: String, _ contestants: [Contestant]) -> [Double] {
    // The warm-up run of each contestant also decides its repetitions.
    let repetitions = contestants.map { contestant in
      let start = ContinuousClock.now
      checksum &+= contestant.work()
      return repetitionCount(taking: (ContinuousClock.now - start).seconds)
    }
    var samples = [[Double]](repeating: [], count: contestants.count)
    for _ in 0..<runs {
      for (index, contestant) in contestants.enumerated() {
        let start = ContinuousClock.now
        for _ in 0..<repetitions[index] { checksum &+= contestant.work() }
        let elapsed = ContinuousClock.now - start
        samples[index].append(elapsed.seconds / Double(repetitions[index]))
      }
    }
    return report(title, names: contestants.map(\.name), samples: samples)
  }

  /// Times asynchronous contestants, interleaved and repeated as the
  /// synchronous scenario does; each repetition is prepared untimed and
  /// timed on its own. Runs on the caller's actor.
  @discardableResult
  public mutating func scenario(
    _ title: String, _ contestants: [AsyncContestant],
    isolation: isolated (any Actor)? = #isolation
  ) async -> [Double] {
    func timed(_ contestant: AsyncContestant) async -> Double {
      await contestant.prepare()
      let start = ContinuousClock.now
      checksum &+= await contestant.work()
      return (ContinuousClock.now - start).seconds
    }
    var repetitions: [Int] = []
    for contestant in contestants {
      repetitions.append(repetitionCount(taking: await timed(contestant)))
    }
    var samples = [[Double]](repeating: [], count: contestants.count)
    for _ in 0..<runs {
      for (index, contestant) in contestants.enumerated() {
        var elapsed = 0.0
        for _ in 0..<repetitions[index] { elapsed += await timed(contestant) }
        samples[index].append(elapsed / Double(repetitions[index]))
      }
    }
    return report(title, names: contestants.map(\.name), samples: samples)
  }

  /// How many repetitions make a sample of about `minimumSample`, for
  /// work that took `once` seconds.
  private func repetitionCount(taking once: Double) -> Int {
    max(1, Int((minimumSample / max(once, 1e-7)).rounded(.up)))
  }

  /// Prints the medians, with ratios to the first contestant, and returns
  /// them.
  private mutating func report(_ title: String, names: [String], samples: [[Double]]) -> [Double] {
    let medians = samples.map(median)
    emit("\n\(title)")
    for (index, name) in names.enumerated() {
      let ratio = medians[index] / medians[0]
      emit(
        "  \(name.padding(56))\(formatDuration(medians[index]).leftPadding(11))"
          + (index == 0 ? "   (floor)" : "   \(format(ratio, 2))×"))
    }
    return medians
  }

  public mutating func emit(_ line: String) {
    print(line)
    lines.append(line)
  }

  /// Printed last: the checksum keeps results alive.
  public func finish() {
    print("\n(checksum \(checksum))")
  }
}

/// Whether this is a smoke run: `BENCHMARK_SMOKE=1` in the environment. CI
/// runs every benchmark program that way, so that none of them rots between
/// the runs whose figures the README shows.
public let isSmokeRun = ProcessInfo.processInfo.environment["BENCHMARK_SMOKE"] == "1"

/// A size of a benchmark's workload: `size` itself, or in a smoke run a
/// hundredth of it (at least 1). Titles print the sizes they were given, so
/// a smoke run's titles say what it ran.
public func sized(_ size: Int) -> Int {
  isSmokeRun ? max(1, size / 100) : size
}

/// The median of `values` (the upper one of an even count).
public func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

extension Duration {
  public var seconds: Double {
    let (s, attoseconds) = components
    return Double(s) + Double(attoseconds) / 1e18
  }
}

/// A duration in seconds as milliseconds (`12.345 ms`), or microseconds
/// under a tenth of a millisecond (`0.812 µs`).
public func formatDuration(_ seconds: Double) -> String {
  seconds >= 1e-4 ? format(seconds * 1e3, 3) + " ms" : format(seconds * 1e6, 3) + " µs"
}

public func format(_ value: Double, _ decimals: Int) -> String {
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  let rounded = (value * scale).rounded() / scale
  var text = "\(rounded)"
  if let dot = text.firstIndex(of: ".") {
    let have = text.distance(from: dot, to: text.endIndex) - 1
    if have < decimals { text += String(repeating: "0", count: decimals - have) }
  }
  return text
}

extension String {
  public func padding(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
  public func leftPadding(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}

/// The process's resident memory now, in bytes, where the platform tells
/// (Linux: `/proc/self/statm`).
public func residentBytes() -> Int? {
  #if os(Linux)
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return nil
    }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  #else
    return nil
  #endif
}

/// The process's peak resident memory so far, in bytes (Linux: `VmHWM` in
/// `/proc/self/status`; elsewhere `getrusage`).
public func peakResidentBytes() -> Int {
  #if os(Linux)
    if let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    {
      return kilobytes * 1024
    }
  #endif
  var usage = rusage()
  #if canImport(Glibc)
    getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
  #else
    getrusage(RUSAGE_SELF, &usage)
  #endif
  #if canImport(Darwin)
    return Int(usage.ru_maxrss)
  #else
    return Int(usage.ru_maxrss) * 1024
  #endif
}

/// Stops the process when its figures would mean nothing: the package was
/// built with its invariant checks on, which make every mutation check the
/// whole snapshot. Warns when this is a debug build.
public func refuseToMeasure(ifCheckingInvariants isCheckingInvariants: Bool) {
  if isCheckingInvariants {
    print("Refusing to run: the package was built with DIFFABLE_INTERNAL_CHECKS, which makes every")
    print("mutation check the whole snapshot. Unset it and rebuild in release mode.")
    exit(1)
  }
  #if DEBUG
    print("warning: this is a debug build; run with -c release for meaningful figures")
  #endif
}

/// Keeps a value alive and opaque to the optimizer.
@inline(never)
public func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
