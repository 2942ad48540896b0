// OMPEval's hand evaluator on an array of uniformly random 7-card hands (its own
// benchmark's "random order, card arrays" loop): the peer of benchmarks/bench_batch.py.
// Built by build.sh against a checkout of github.com/zekyll/OMPEval.
//
//     random_eval HANDS PASSES    prints: hands \t cpu s \t wall s \t checksum (median pass)
#include "omp/HandEvaluator.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <vector>

static double cpu_now() {
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static double wall_now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

int main(int argc, char** argv) {
    size_t count = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 2000000;
    int passes = argc > 2 ? std::atoi(argv[2]) : 3;
    std::mt19937_64 rng(20240501);
    std::vector<std::array<uint8_t, 7>> hands(count);
    for (auto& hand : hands) {
        uint64_t used = 0;
        for (auto& card : hand) {
            unsigned c;
            do {
                c = rng() % 52;
            } while (used >> c & 1);
            used |= 1ull << c;
            card = (uint8_t)c;
        }
    }
    omp::HandEvaluator evaluator;
    std::vector<double> cpus, walls;
    unsigned checksum = 0;
    for (int p = 0; p < passes; ++p) {
        unsigned sum = 0;
        double wall = wall_now(), cpu = cpu_now();
        for (const auto& c : hands) {
            omp::Hand h = omp::Hand::empty() + omp::Hand(c[0]) + omp::Hand(c[1]) + omp::Hand(c[2]) +
                          omp::Hand(c[3]) + omp::Hand(c[4]) + omp::Hand(c[5]) + omp::Hand(c[6]);
            sum += evaluator.evaluate(h);
        }
        cpus.push_back(cpu_now() - cpu);
        walls.push_back(wall_now() - wall);
        checksum = sum;
    }
    std::sort(cpus.begin(), cpus.end());
    std::sort(walls.begin(), walls.end());
    std::printf("%zu\t%.6f\t%.6f\t%u\n", count, cpus[cpus.size() / 2], walls[walls.size() / 2], checksum);
    return 0;
}
