#!/usr/bin/env python3
"""Records the H100 MUFU tables of assets/mufu (one device call, about 20 s):
builds one kernel per .approx form, runs each over its reduced domain
(mantissas of [1,2) for rcp, [1,4) for rsqrt/sqrt, [0.5,2) for lg2, k 2^-23
of both signs for ex2, the inputs whose turns are k 2^-25 for sin/cos, all
16-bit words for the f16/bf16 forms) and 2^17 random inputs per form for the
checks, writes the SASS of each form to $OUT/sass.txt and the words, xz-packed,
to $OUT/s1..s4.txz. Run from the repository root with R=$PWD and nvcc on PATH;
then unpack and run encode_mufu.py."""
import os,numpy as np,cupy as cp
S=os.system;u=np.uint32
K='''#define U(N,I) extern "C" __global__ void k##N(const unsigned*a,const unsigned*b,unsigned*o,unsigned n){unsigned i=blockIdx.x*blockDim.x+threadIdx.x;if(i<n){unsigned y;asm volatile(I:"=r"(y):"r"(a[i]),"r"(b[i]));o[i]=y;}}
#define H(N,I) U(N,"{.reg .b16 h;cvt.u16.u32 h,%1;" I " h,h;cvt.u32.u16 %0,h;}")
'''
F='rcp rsqrt sqrt lg2 ex2'.split()
for f in F:K+='U(%sf,"%s.approx.ftz.f32 %%0,%%1;")U(%s,"%s.approx.f32 %%0,%%1;")\n'%(f,f,f,f)
for f in('sin','cos','tanh'):K+='U(%s,"%s.approx.f32 %%0,%%1;")'%(f,f)
K+='U(divf,"div.approx.ftz.f32 %0,%2,%1;")U(div,"div.approx.f32 %0,%2,%1;")H(ex2h,"ex2.approx.f16")H(tanhh,"tanh.approx.f16")H(ex2b,"ex2.approx.ftz.bf16")H(tanhb,"tanh.approx.bf16")'
open('k.cu','w').write(K)
S('nvcc -cubin -arch=sm_90a -o k.cubin k.cu')
S("(cuobjdump -sass k.cubin;for f in isa/isa_int isa-followup/isa_followup;do ptxas -arch=sm_90a $R/tests/data/$f.ptx -o x.cubin;cuobjdump -sass x.cubin|awk '/Function :/{p=($0~/mad|ex2h/)}p';done)>$OUT/sass.txt")
m=cp.RawModule(path='k.cubin')
def run(k,a,b=None):
 a=cp.asarray(a.astype(u));b=a if b is None else cp.asarray(b.astype(u));n=len(a);o=cp.empty(n,dtype=u)
 m.get_function("k"+k)(((n+255)//256,),(256,),(a,b,o,u(n)));return cp.asnumpy(o)
def sv(nm,x,d=1):
 x=x.astype(np.int64);(np.diff(x,prepend=0) if d else x).astype(np.int32).tofile('b/'+nm)
os.makedirs('b');ar=lambda s,n:(s+np.arange(n,dtype=np.uint64)).astype(u)
sv('rcpf',run('rcpf',ar(0x3f800000,1<<23)))
for k in('rsqrtf','sqrtf'):sv(k,run(k,ar(0x3f800000,1<<24)))
sv('lg2f',run('lg2f',ar(0x3f000000,1<<24)))
i=np.arange(1<<23);p=(i*2.0**-23).astype(np.float32).view(u)
sv('ex2p',run('ex2f',p));sv('ex2n',run('ex2f',p|u(1<<31)))
C=np.float64(u(0x3e22f983).view(np.float32));x0=(i*2.0**-25/C).astype(np.float32).view(u).astype(np.int64)
x=x0.copy();ok=np.zeros(len(i),bool)
for d in(0,1,-1,2,-2,3):
 c=(x0+d).astype(u);g=np.floor(c.view(np.float32).astype(np.float64)*C*2.0**25)==i;x=np.where(~ok&g,c,x);ok|=g
print('sinx ok',ok.sum());sv('sin',run('sin',x));sv('cos',run('cos',x))
for k in('ex2h','tanhh','ex2b','tanhb'):sv(k,run(k,ar(0,65536)),0)
j=np.arange(1<<17,dtype=np.uint64);R=lambda s:(((j+s)*np.uint64(0x9E3779B97F4A7C15))>>np.uint64(29)).astype(u)
ra,rb=R(1),R(7);ro=(ra&u(0x807fffff))|(((ra>>u(24))%u(45)+u(90))<<u(23))
for k in [f+'f' for f in F]+F+['divf','div','tanh']:sv('R'+k,run(k,ra,rb),0)
for k in('ex2f','ex2','sin','cos','tanh'):sv('Q'+k,run(k,ro),0)
os.chdir('b');S('ls -la')
for n,f in(('s1','rcpf rsqrtf'),('s2','sqrtf lg2f'),('s3','ex2p ex2n sin cos'),('s4','ex2h tanhh ex2b tanhb R* Q*')):S('tar cf - %s|xz -T16 -6>$OUT/%s.txz'%(f,n))
