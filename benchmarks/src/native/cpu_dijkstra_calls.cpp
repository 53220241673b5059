// CPU Dijkstra through the library (gsssp_host_graph_sssp on a host graph), timed natively: the median of many calls
// on rome99, random 1,000-vertex graphs with weights to 10 and to 1,000, a 4,096-vertex one, and road NY.
// Usage: g++ -O2 -std=c++17 -Inative/include benchmarks/src/native/cpu_dijkstra_calls.cpp -LLIBDIR -lgsssp -o calls &&
//        LD_LIBRARY_PATH=LIBDIR ./calls ROME99.gr [NY.gr]   (DIMACS .gr files, uncompressed)
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>
#include "gsssp.h"
using namespace std;
struct G { int64_t n; vector<int64_t> off; vector<int32_t> tgt; vector<int32_t> w; };
G from_edges(int64_t n, vector<array<int,3>>& e) { G g; g.n=n; g.off.assign(n+1,0); for(auto&x:e) g.off[x[0]+1]++; for(int64_t i=0;i<n;i++) g.off[i+1]+=g.off[i];
  g.tgt.resize(e.size()); g.w.resize(e.size()); vector<int64_t> pos(g.off.begin(), g.off.end()-1); for(auto&x:e){auto p=pos[x[0]]++; g.tgt[p]=x[1]; g.w[p]=x[2];} return g; }
G load_dimacs(const char* f){ ifstream in(f); string line; int64_t n=0; vector<array<int,3>> e; while(getline(in,line)){ if(line.empty())continue; if(line[0]=='p'){istringstream s(line); string p,sp; long m; s>>p>>sp>>n>>m;} else if(line[0]=='a'){istringstream s(line); char a; int u,v,w; s>>a>>u>>v>>w; e.push_back({u-1,v-1,w});}} return from_edges(n,e); }
G random_graph(int n,int d,int wmax,unsigned seed){ mt19937 r(seed); vector<array<int,3>> e; for(int u=0;u<n;u++) for(int k=0;k<d;k++) e.push_back({u,(int)(r()%n),(int)(1+r()%wmax)}); return from_edges(n,e); }
void bench(const char* name, G& g, int reps) {
  gsssp_csr c{}; c.num_vertices=g.n; c.num_edges=(int64_t)g.tgt.size(); c.offsets=g.off.data(); c.targets=g.tgt.data(); c.weights=g.w.data(); c.weight_type=GSSSP_WEIGHT_INT32;
  gsssp_host_graph_t h; if (gsssp_host_graph_create(&h,&c)!=0) { printf("create failed\n"); exit(1); }
  int64_t s=0, best=-1; for(int64_t u=0;u<g.n;u++) if(g.off[u+1]-g.off[u]>best){best=g.off[u+1]-g.off[u]; s=u;}
  gsssp_options o; gsssp_options_init(&o); o.compute_predecessors=0;
  vector<int64_t> d(g.n); vector<double> t; gsssp_stats st;
  for(int i=0;i<reps+reps/10;i++){ auto a=chrono::steady_clock::now(); if(gsssp_host_graph_sssp(h,GSSSP_ALGORITHM_CPU_DIJKSTRA,s,&o,d.data(),nullptr,&st)!=0){printf("query failed\n");exit(1);} if(i>=reps/10) t.push_back(chrono::duration<double,micro>(chrono::steady_clock::now()-a).count()); }
  sort(t.begin(),t.end()); long long sum=0; for(auto x:d) if(x!=INT64_MAX) sum+=x;
  printf("%-16s median %9.2f us  p10 %9.2f  p90 %9.2f  checksum %lld\n", name, t[t.size()/2], t[t.size()/10], t[t.size()*9/10], sum);
  gsssp_host_graph_destroy(h);
}
int main(int argc,char** argv){
  G rome=load_dimacs(argv[1]); G r10=random_graph(1000,7,10,1); G r1k=random_graph(1000,7,1000,1); G r4k=random_graph(4096,7,1000,1);
  for(int round=0;round<2;round++){ bench("rome99",rome,3000); bench("random1k-w10",r10,3000); bench("random1k-w1000",r1k,3000); bench("random4k-w1000",r4k,1000);
    if(argc>2){ static G ny=load_dimacs(argv[2]); bench("NY",ny,30);} }
}
