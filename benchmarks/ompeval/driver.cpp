// OMPEval's equity calculator timed on the cases of benchmarks/bench_equity.py (one
// calculation thread).  Built by build.sh against a checkout of github.com/zekyll/OMPEval;
// nothing of OMPEval is kept in this repository.
//
//     driver REPEATS [FIRST]     one line per case: name \t wall s \t cpu s \t detail
//
// FIRST=1 also times the first calculation in the process (exact_headsup_first).
// Monte Carlo lines give rates' raw material: the detail says "(N deals ...)".
#include "omp/EquityCalculator.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

namespace {

double wall_now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double cpu_now() {  // the whole process: the calculator runs in a thread of its own
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

struct Timing {
    double wall, cpu;
    omp::EquityCalculator::Results results;
};

Timing run(const std::vector<std::string>& ranges, bool exact, uint64_t hands) {
    std::vector<omp::CardRange> parsed(ranges.begin(), ranges.end());
    omp::EquityCalculator calculator;
    if (hands)
        calculator.setHandLimit(hands);
    double wall = wall_now(), cpu = cpu_now();
    calculator.start(parsed, 0, 0, exact, 0.0, nullptr, 0.05, 1);
    calculator.wait();
    Timing t{wall_now() - wall, cpu_now() - cpu, calculator.getResults()};
    return t;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

void report(const char* name, const std::vector<std::string>& ranges, bool exact, uint64_t hands,
            int repeats) {
    std::vector<double> walls, cpus;
    omp::EquityCalculator::Results last;
    for (int i = 0; i < repeats; ++i) {
        Timing t = run(ranges, exact, hands);
        walls.push_back(t.wall);
        cpus.push_back(t.cpu);
        last = t.results;
    }
    if (exact) {
        std::printf("%s\t%.6f\t%.6f\tequity %.6f\n", name, median(walls), median(cpus), last.equity[0]);
    } else {
        // the deals of the last run, and its times (a rate needs one run's count and time)
        std::printf("%s\t%.6f\t%.6f\t(%llu deals, equity %.4f)\n", name, walls.back(), cpus.back(),
                    (unsigned long long)last.hands, last.equity[0]);
    }
}

}  // namespace

int main(int argc, char** argv) {
    int repeats = argc > 1 ? std::atoi(argv[1]) : 5;
    bool first = argc > 2 && std::atoi(argv[2]) != 0;
    if (first) {
        Timing t = run({"AsKs", "QhQd"}, true, 0);
        std::printf("exact_headsup_first\t%.6f\t%.6f\tequity %.6f\n", t.wall, t.cpu, t.results.equity[0]);
    }
    report("exact_headsup", {"AsKs", "QhQd"}, true, 0, repeats);
    report("exact_hand_vs_range", {"AsKs", "QQ+,AKo"}, true, 0, repeats);
    report("exact_threeway", {"AsKs", "QhQd", "7c7d"}, true, 0, repeats);
    report("mc_six_random", {"random", "random", "random", "random", "random", "random"}, false,
           4000000, 1);
    report("mc_hand_vs_range", {"AsKs", "QQ+,AKo"}, false, 20000000, 1);
    return 0;
}
