using System.Diagnostics;
using System.Globalization;

namespace Prison.Benchmarks.Load;

/// <summary>
/// wrk (Debian's package, installed by scripts/test-servers.sh): a load generator in C, so that generating the load
/// takes a small share of the two cores the server under test needs. A Lua script counts every answer that is not the
/// one expected (200, or 304 for a poll that finds nothing new; wrk itself counts a redirect to the sign-in page as a
/// success), keeps the cookies the server renews, sends the bearer token given, goes round the paths given (read from a
/// file by the script's init), and prints exact percentiles.
/// </summary>
public static class Wrk
{
    public const string Path = "/usr/bin/wrk";

    public sealed record Result(long Requests, double Seconds, double P50Ms, double P99Ms, long NotOk)
    {
        public double PerSecond => Requests / Seconds;
    }

    // The session cookie is kept as a browser keeps it: Identity renews it at each security-stamp check (once a
    // minute), and a client that sent the first cookie for ever would have every request after that minute checked
    // against the database (the first 25-second runs measured that: half the throughput).
    private const string Script = """
        local threads = {}
        function setup(thread) table.insert(threads, thread) end
        local function build()
          headers = {}
          if #order > 0 then
            local parts = {}
            for _, name in ipairs(order) do table.insert(parts, name .. "=" .. cookies[name]) end
            headers["Cookie"] = table.concat(parts, "; ")
          end
          if authorization ~= "" then headers["Authorization"] = authorization end
          prepared = wrk.format(nil, nil, headers)
        end
        function init(args)
          not_ok = 0
          expected = tonumber(args[2])
          authorization = args[3]
          cookies, order = {}, {}
          for pair in string.gmatch(args[1], "[^;]+") do
            local name, value = string.match(pair, "^%s*([^=]+)=(.*)$")
            if name then table.insert(order, name); cookies[name] = value end
          end
          paths, next_path = {}, 1
          if args[4] ~= "" then
            for line in io.lines(args[4]) do if line ~= "" then table.insert(paths, line) end end
          end
          build()
        end
        function request()
          if #paths == 0 then return prepared end
          local path = paths[next_path]
          next_path = next_path % #paths + 1
          return wrk.format(nil, path, headers)
        end
        function response(status, headers_received, body)
          if status ~= expected then not_ok = not_ok + 1 end
          local set = headers_received["Set-Cookie"]
          if set then
            local name, value = string.match(set, "^([^=]+)=([^;]*)")
            if name then
              if cookies[name] == nil then table.insert(order, name) end
              cookies[name] = value
              build()
            end
          end
        end
        function done(summary, latency, requests)
          local n = 0
          for _, t in ipairs(threads) do n = n + t:get("not_ok") end
          io.write(string.format("result %d %d %d %d %d\n", summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), n))
        end
        """;

    /// <summary>
    /// Before the first level, long enough for the JIT to finish moving the page's code to its optimised tier (after a
    /// short warm-up the first level measured partly unoptimised code); before the others, which run on that code, 2 s.
    /// Short runs (the benchmark's own tests) warm up for as long as they measure.
    /// </summary>
    public static TimeSpan WarmUp(bool firstLevel, int seconds) =>
        TimeSpan.FromSeconds(Math.Min(firstLevel ? 15 : 2, seconds));

    /// <summary>Closed loop: each of <paramref name="connections"/> sends its next request when the last is answered.</summary>
    /// <param name="expectedStatus">The answer every request must get; any other counts in <see cref="Result.NotOk"/>.</param>
    /// <param name="address">The page, or the server whose <see cref="WrkRequests.Paths"/> are asked for.</param>
    public static async Task<Result> RunAsync(Uri address, WrkRequests requests, int connections, TimeSpan duration, CancellationToken cancellationToken, int expectedStatus = 200)
    {
        if (!File.Exists(Path))
        {
            throw new BenchmarkSetupException($"{Path} is missing: run scripts/test-servers.sh start, which installs it (Debian's package wrk).");
        }

        var script = System.IO.Path.Combine(System.IO.Path.GetTempPath(), $"prison-wrk-{Guid.NewGuid():N}.lua");
        var paths = requests.Paths.Count == 0 ? "" : System.IO.Path.ChangeExtension(script, ".paths");
        await File.WriteAllTextAsync(script, Script, cancellationToken);
        if (paths.Length > 0)
        {
            await File.WriteAllLinesAsync(paths, requests.Paths, cancellationToken);
        }

        try
        {
            var start = new ProcessStartInfo(Path) { RedirectStandardOutput = true, RedirectStandardError = true };
            foreach (var argument in new[]
                     {
                         "--threads", "1", "--connections", connections.ToString(CultureInfo.InvariantCulture),
                         "--duration", $"{(int)duration.TotalSeconds}s", "--timeout", "10s", "--script", script,
                         address.ToString(), "--", requests.Cookie, expectedStatus.ToString(CultureInfo.InvariantCulture), requests.Authorization, paths,
                     })
            {
                start.ArgumentList.Add(argument);
            }

            using var process = Process.Start(start)!;
            var printed = process.StandardOutput.ReadToEndAsync(cancellationToken);
            var errors = process.StandardError.ReadToEndAsync(cancellationToken);
            await process.WaitForExitAsync(cancellationToken);
            var output = await printed;
            var line = output.Split('\n').FirstOrDefault(l => l.StartsWith("result ", StringComparison.Ordinal));
            if (process.ExitCode != 0 || line is null)
            {
                throw new InvalidOperationException($"wrk exited with {process.ExitCode}:\n{output}{await errors}");
            }

            var fields = line.Split(' ').Skip(1).Select(f => long.Parse(f, CultureInfo.InvariantCulture)).ToArray();
            return new Result(fields[0], fields[1] / 1e6, fields[2] / 1e3, fields[3] / 1e3, fields[4]);
        }
        finally
        {
            File.Delete(script);
            if (paths.Length > 0)
            {
                File.Delete(paths);
            }
        }
    }
}
